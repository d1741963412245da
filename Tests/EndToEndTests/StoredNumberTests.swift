import Foundation
import Testing

/// The numbers a writer types that the tool keeps, through the binary: a number past its range is a
/// command line not understood (exit 2) whose words say the range, nothing is written, and every
/// command still works after; the largest number taken is written and read back.
@Suite("numbers the tool keeps: their ranges")
struct StoredNumberTests {
    /// Every file under the sandbox with its size and modification time: what "nothing written" means.
    private func files(_ sandbox: Sandbox) -> [String] {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: sandbox.root)) ?? []
        return paths.sorted().map { path in
            let attributes = (try? FileManager.default.attributesOfItem(atPath: sandbox.root + "/" + path)) ?? [:]
            return "\(path) \(attributes[.size] ?? "") \(attributes[.modificationDate] ?? "")"
        }
    }

    @Test("edit and add --target past 1,000,000,000 words: exit 2 saying the range, nothing written, the old target kept")
    func targetPastTheRange() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Novel", "--target", "80000", "--no-folder")
        let before = files(sandbox)
        for typed in ["1000000000000000000", "1000000001", "1,000,000,001", "99999999999999999999"] {
            let edited = await sandbox.run("edit", "Novel", "--target", typed)
            #expect(edited.status == 2, "\(edited)")
            #expect(edited.stderr.contains(
                "“\(typed)” is not a valid value for --target: use a whole number of words from 1 to 1,000,000,000; 0 or an empty value clears the target."),
                "\(edited)")
            let added = await sandbox.run("add", "Other", "--target", typed, "--no-folder")
            #expect(added.status == 2 && added.stderr.contains("from 1 to 1,000,000,000"), "\(added)")
        }
        #expect(files(sandbox) == before)
        let listed = await sandbox.listJSON()
        #expect(listed.map { $0["name"] as? String } == ["Novel"] && listed.first?["target"] as? Int == 80_000)
        await sandbox.ok("list")
        await sandbox.ok("history")
    }

    @Test("a target of 1,000,000,000 words is taken and read back by list, show, history and export")
    func targetAtTheRange() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Novel", "--no-folder")
        let set = await sandbox.ok("edit", "Novel", "--target", "1,000,000,000")
        #expect(set.lines == ["The target of “Novel”: 1,000,000,000 words."], "\(set)")
        #expect(try #require(await sandbox.showJSON("Novel"))["target"] as? Int == 1_000_000_000)
        #expect(await sandbox.ok("history").stdout.contains("set the target of “Novel” to 1,000,000,000 words"))
        let exported = try #require(parseJSON(await sandbox.ok("export").stdoutBytes) as? [String: Any])
        #expect((exported["projects"] as? [[String: Any]])?.first?["target"] as? Int == 1_000_000_000)
    }

    @Test("the range said in the writer's language, grouped as the locale groups it")
    func rangeInEachLanguage() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Novel", "--no-folder")
        let said = [
            ("fr_FR.UTF-8", "de 1 à 1\u{202F}000\u{202F}000\u{202F}000"), ("de_DE.UTF-8", "zwischen 1 und 1.000.000.000"),
            ("es_ES.UTF-8", "de 1 a 1.000.000.000"),
        ]
        for (locale, range) in said {
            let result = await sandbox.run(["edit", "Novel", "--target", "1000000000000000000"], environment: ["LANG": locale])
            #expect(result.status == 2 && result.stderr.contains(range), "\(locale): \(result)")
        }
    }

    @Test("progress --goal past 1,000,000,000 words: exit 2 saying the range, no goal recorded; the largest is recorded")
    func goalPastTheRange() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("progress", "--goal", "500")
        let before = files(sandbox)
        for typed in ["1000000000000000000", "1000000001", "99999999999999999999"] {
            let result = await sandbox.run("progress", "--goal", typed)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains(
                "“\(typed)” is not a valid value for --goal: use a whole number of words from 1 to 1,000,000,000; 0 or an empty value clears the goal."),
                "\(result)")
        }
        #expect(files(sandbox) == before)
        func goal() async throws -> Int? {
            let json = try #require(parseJSON(await sandbox.ok("progress", "--json").stdoutBytes) as? [String: Any])
            return (json["today"] as? [String: Any])?["goal"] as? Int
        }
        #expect(try await goal() == 500)
        let set = await sandbox.ok("progress", "--goal", "1000000000")
        #expect(set.stdout.contains("1,000,000,000"), "\(set)")
        #expect(try await goal() == 1_000_000_000)
    }

    @Test("market --response-days past 3,650 days: exit 2 saying the range, nothing written; 3,650 is taken")
    func responseDaysPastTheRange() async throws {
        let sandbox = try Sandbox()
        await sandbox.ok("market", "add", "Agni", "--response-days", "90")
        let before = files(sandbox)
        for typed in ["99999999999999999999", "1000000000000000000", "3651", "0", "soon"] {
            let added = await sandbox.run("market", "add", "M", "--response-days", typed)
            #expect(added.status == 2, "\(added)")
            #expect(added.stderr.contains(
                "“\(typed)” is not a valid value for --response-days: use a whole number of days from 1 to 3,650; an empty value clears it."),
                "\(added)")
            let edited = await sandbox.run("market", "edit", "Agni", "--response-days", typed)
            #expect(edited.status == 2, "\(edited)")
        }
        #expect(files(sandbox) == before)
        await sandbox.ok("market", "list")
        await sandbox.ok("market", "add", "M", "--response-days", "3650")
        let shown = try #require(parseJSON(await sandbox.ok("market", "show", "M", "--json").stdoutBytes) as? [String: Any])
        #expect(shown["response-days"] as? String == "3650")
        let agni = try #require(parseJSON(await sandbox.ok("market", "show", "Agni", "--json").stdoutBytes) as? [String: Any])
        #expect(agni["response-days"] as? String == "90")
    }
}
