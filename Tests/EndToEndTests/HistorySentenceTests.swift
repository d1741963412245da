import Foundation
import Testing

/// What `history`, `undo` and `redo` say of each command's change: what the writer did, in one
/// sentence, built from the change's operations.
@Suite("history sentences")
struct HistorySentenceTests {
    /// The sentences of `history`, newest first, without their dates.
    private func sentences(_ sandbox: Sandbox) async -> [String] {
        await sandbox.ok("history").stdout.split(separator: "\n").map { line in
            String(line.split(separator: "  ", maxSplits: 1).last ?? "")
        }
    }

    @Test("each command's change is said as what was done; undo says what it took back")
    func eachCommand() async throws {
        let sandbox = try Sandbox()
        let steps: [(command: [String], history: String, undo: String)] = [
            (["add", "Alpha"], "added “Alpha”", "removed “Alpha”"),
            (["add", "Beta"], "added “Beta”", "removed “Beta”"),
            (["move", "Beta", "--top"], "moved “Beta” from position 2 to 1", "moved “Beta” back to position 2"),
            (["edit", "Beta", "--target", "5000", "--due", "2027-01-01"],
             "set the target of “Beta” to 5,000 words and its due date to January 1, 2027",
             "cleared the due date of “Beta” and its target"),
            (["edit", "Beta", "-d", "Second draft"], "changed the details of “Beta”", "cleared the details of “Beta”"),
            (["edit", "Beta", "--due", ""], "cleared the due date of “Beta”", "set the due date of “Beta” to January 1, 2027"),
            (["add", "Ideas", "--no-folder"], "added “Ideas”", "removed “Ideas”"),
            (["edit", "Ideas", "--new-folder"], "gave “Ideas” a folder: ~/Writing/Ideas", "detached “Ideas” from its folder"),
            (["edit", "Ideas", "--no-folder"], "detached “Ideas” from its folder", "gave “Ideas” a folder: ~/Writing/Ideas"),
            (["rename", "Alpha", "Winter"], "renamed “Alpha” to “Winter”", "renamed “Winter” back to “Alpha”"),
            (["sort", "user"], "made lists sorted in your own order by default", "made lists sorted by name by default again"),
            (["delete", "Winter", "--yes"], "deleted “Winter”", "brought back “Winter”"),
        ]
        var expected: [String] = []
        for step in steps {
            let made = await sandbox.run(step.command)
            #expect(made.status == 0, "\(made)")
            expected.insert(step.history, at: 0)
            #expect(await sentences(sandbox) == expected, "after \(step.command)")
            let undone = await sandbox.ok("undo")
            #expect(undone.stdout == "Undone: \(step.undo).\n", "undo of \(step.command)")
            let redone = await sandbox.ok("redo")
            #expect(redone.stdout == "Redone: \(step.history).\n", "redo of \(step.command)")
        }
        let json = try JSONSerialization.jsonObject(with: Data(await sandbox.ok("history", "--json").stdoutBytes)) as! [[String: Any]]
        #expect(json.allSatisfy { ($0["machine"] as? String)?.isEmpty == false })
        // For scripts, folders are given whole.
        #expect(json.map { $0["summary"] as? String } == expected.map { $0.replacingOccurrences(of: "~", with: sandbox.root) })
    }

    @Test("a move, on two and three projects, in every direction, is said of the project moved")
    func moves() async throws {
        for count in 2...3 {
            let names = Array(["Alpha", "Beta", "Gamma"].prefix(count))
            for from in 1...count {
                for to in 1...count where to != from {
                    let sandbox = try Sandbox()
                    for name in names { await sandbox.ok("add", name, "--no-folder") }
                    let moving = names[from - 1]
                    let id = try JSONSerialization.jsonObject(with: Data(await sandbox.ok("show", moving, "--json").stdoutBytes)) as! [String: Any]
                    let moved = await sandbox.run("move", moving, "--to", String(to))
                    #expect(moved.status == 0, "\(moved)")
                    var order = names
                    order.insert(order.remove(at: from - 1), at: to - 1)
                    let listed = await sandbox.ok("list", "--sort", "user", "--json").stdoutBytes
                    let projects = try JSONSerialization.jsonObject(with: Data(listed)) as! [[String: Any]]
                    #expect(projects.map { $0["name"] as? String } == order, "\(moving) from \(from) to \(to) of \(count)")
                    #expect(projects.map { $0["position"] as? Int } == Array(1...count).map { $0 })
                    #expect(await sentences(sandbox).first == "moved “\(moving)” from position \(from) to \(to)")
                    let json = try JSONSerialization.jsonObject(with: Data(await sandbox.ok("history", "--json").stdoutBytes)) as! [[String: Any]]
                    #expect(json.first?["projects"] as? [String] == [id["id"] as! String])
                    #expect(await sandbox.ok("undo").stdout == "Undone: moved “\(moving)” back to position \(from).\n")
                    let back = try JSONSerialization.jsonObject(with: Data(await sandbox.ok("list", "--sort", "user", "--json").stdoutBytes)) as! [[String: Any]]
                    #expect(back.map { $0["name"] as? String } == names)
                }
            }
        }
    }
}
