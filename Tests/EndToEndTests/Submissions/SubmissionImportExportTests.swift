import Foundation
import Testing

/// `import` of a document with markets and submissions through the binary: checked whole before
/// anything is written, so a refused one leaves the store as it was and every command working.
@Suite("submissions: import")
struct SubmissionImportExportTests {
    static let poems = uuid("b0000000", 1)
    static let agni = uuid("3a000000", 1)

    static func market(_ id: String, _ name: String) -> String {
        "{\"id\": \(jsonString(id)), \"name\": \(jsonString(name)), \"kind\": \"magazine\"}"
    }

    static func submission(_ id: String, to market: String = agni, sent: String = "2026-10-01") -> String {
        "{\"id\": \(jsonString(id)), \"market\": \(jsonString(market)), \"project\": \(jsonString(poems)), \"projectName\": \"Poems\", "
            + "\"sent\": \(jsonString(sent)), \"note\": null, \"pieces\": [{\"file\": \"Sonnet.md\", \"version\": \"0a1b2c3d4e5f\", "
            + "\"number\": 1, \"status\": \"pending\", \"responded\": null, \"responseNote\": null}]}"
    }

    /// An export document holding these projects (Poems unless told), markets and submissions.
    static func document(projects: [DocumentProject] = [DocumentProject(id: poems, name: "Poems")], markets: [String], submissions: [String]) -> String {
        let projects = exportDocument(projects, version: 4)
        return String(projects.dropLast(3)) + ",\n  \"markets\": [\n    " + markets.joined(separator: ",\n    ")
            + "\n  ],\n  \"submissions\": [\n    " + submissions.joined(separator: ",\n    ") + "\n  ]\n}\n"
    }

    /// A store holding Winter and the market Rattle, as the writer had it before importing.
    static func writer() async throws -> Sandbox {
        let sandbox = try Sandbox()
        await sandbox.ok("add", "Winter")
        await sandbox.ok("market", "add", "Rattle")
        return sandbox
    }

    @Test("a document holding one submission twice is refused (exit 1), naming it; the store is untouched and every command works")
    func submissionTwice() async throws {
        let sandbox = try await Self.writer()
        let before = try #require(sandbox.storeBytes())
        let twice = uuid("5b000000", 1)
        let path = try sandbox.file("twice.json", Self.document(
            markets: [Self.market(Self.agni, "Agni")], submissions: [Self.submission(twice), Self.submission(twice)]))
        let result = await sandbox.run("import", path)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("submission 2: the id \(twice) is also the id of submission 1 of the document."), "\(result)")
        #expect(sandbox.storeBytes() == before)
        #expect(await sandbox.names() == ["Winter"])
        await sandbox.ok("submissions")
        #expect(await sandbox.ok("market", "list").stdout.contains("Rattle"))
    }

    @Test("two markets with one id are refused, naming the id, rather than the second silently dropped")
    func marketIDTwice() async throws {
        let sandbox = try await Self.writer()
        let before = try #require(sandbox.storeBytes())
        let path = try sandbox.file("markets.json", Self.document(
            markets: [Self.market(Self.agni, "Agni"), Self.market(Self.agni, "Ploughshares")], submissions: [Self.submission(uuid("5b000000", 1))]))
        let result = await sandbox.run("import", path)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("market 2: the id \(Self.agni) is also the id of market 1 of the document."), "\(result)")
        #expect(sandbox.storeBytes() == before)
        let markets = await sandbox.ok("market", "list").stdout
        #expect(!markets.contains("Agni") && !markets.contains("Ploughshares"), "\(markets)")
    }

    @Test("a submission to a market the document and the store lack, and a market name the store holds: both listed, nothing imported")
    func everyProblemListed() async throws {
        let sandbox = try await Self.writer()
        let before = try #require(sandbox.storeBytes())
        let nowhere = uuid("3a000000", 9)
        let path = try sandbox.file("problems.json", Self.document(
            markets: [Self.market(Self.agni, "RATTLE")], submissions: [Self.submission(uuid("5b000000", 1), to: nowhere)]))
        let result = await sandbox.run("import", path)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("these 2 problems"), "\(result)")
        #expect(result.stderr.contains("market 1: “RATTLE” clashes with “Rattle”"), "\(result)")
        #expect(result.stderr.contains("submission 1: its market \(nowhere)"), "\(result)")
        #expect(sandbox.storeBytes() == before)
        #expect(await sandbox.names() == ["Winter"])
    }

    @Test("an import says what came in of each kind, and the submissions are there to list")
    func saysWhatCameIn() async throws {
        let sandbox = try await Self.writer()
        let path = try sandbox.file("poems.json", Self.document(
            markets: [Self.market(Self.agni, "Agni")],
            submissions: [Self.submission(uuid("5b000000", 1)), Self.submission(uuid("5b000000", 2), sent: "2026-09-01")]))
        #expect(await sandbox.ok("import", path).stdout == "Imported 1 project, 1 market and 2 submissions.\n")
        let json = try #require(parseJSON(await sandbox.ok("submissions", "--json").stdoutBytes) as? [String: Any])
        // Numbered by the day sent, as any submission: the one sent earlier is 1.
        let numbers = (json["submissions"] as? [[String: Any]] ?? []).map { ($0["id"] as? String ?? "", $0["number"] as? Int ?? 0) }
        #expect(Dictionary(uniqueKeysWithValues: numbers) == [uuid("5b000000", 2): 1, uuid("5b000000", 1): 2])
        // Only markets and submissions: said so, not "Imported 0 projects."
        let more = try sandbox.file("more.json", Self.document(
            projects: [], markets: [Self.market(uuid("3a000000", 2), "Bell")], submissions: [Self.submission(uuid("5b000000", 3), to: uuid("3a000000", 2))]))
        #expect(await sandbox.ok("import", more).stdout == "Imported 0 projects, 1 market and 1 submission.\n")
    }
}
