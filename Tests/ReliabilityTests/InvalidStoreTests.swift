import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Reliability {
    /// Promise: a store that is not valid, or is from a newer format version, is refused by every
    /// command with exit 3, is never written, and the message names the file and says what to do.
    @Suite struct InvalidStores {
        /// A store of the right shape, to spoil in every way below.
        static let valid = StoredDocument(sort: "name", projects: [
            StoredProject(id: fixedID("a1", 1), name: "First", type: "novel", created: "2025-01-02T03:04:05.006Z", details: nil, position: 1),
            StoredProject(id: fixedID("a2", 2), name: "Second", type: "poetry", created: "2025-02-03T04:05:06.007Z", details: "notes", position: 2),
            StoredProject(id: fixedID("a3", 3), name: "Third", type: "script", created: "2025-03-04T05:06:07.008Z", details: nil, position: 3),
        ]).bytes

        /// Each spoiled store, and words its message must hold besides the path.
        static var spoiled: [(name: String, bytes: [UInt8], advice: String)] {
            var random = SeededGenerator(seed: 20_261_122)
            let text = String(decoding: valid, as: UTF8.self)
            func with(_ from: String, _ to: String) -> [UInt8] { Array(text.replacingOccurrences(of: from, with: to).utf8) }
            var invalidUTF8 = valid
            let at = invalidUTF8.firstIndex(of: UInt8(ascii: "F"))!
            invalidUTF8.replaceSubrange(at...at, with: [0xFF, 0xFE, 0xC3])
            let restore = "restore a backup"
            return [
                ("truncated", Array(valid.prefix(valid.count / 2)), restore),
                ("cut before its last brace", Array(valid.dropLast(2)), restore),
                ("random bytes", (0..<2_048).map { _ in UInt8.random(in: 0...255, using: &random) }, restore),
                ("empty", [], restore),
                ("only white space", Array(" \n\t\n".utf8), restore),
                ("a JSON array", Array(#"[{"version": 1, "projects": []}]"#.utf8), restore),
                ("JSON null", Array("null".utf8), restore),
                ("projects as an object", Array(#"{"version": 1, "sort": "name", "projects": {"First": 1}}"#.utf8), restore),
                ("version as a string", with(#""version": 1"#, #""version": "1""#), restore),
                ("no version", with(#""version": 1,"#, ""), restore),
                ("no projects", Array(#"{"version": 1, "sort": "name"}"#.utf8), restore),
                ("a project without an id", with(#""id": "a1000000-0000-4000-8000-000000000001", "#, ""), restore),
                ("an id that is not a UUID", with("a1000000-0000-4000-8000-000000000001", "not-a-uuid"), restore),
                ("an unknown type", with(#""type": "novel""#, #""type": "epic""#), restore),
                ("an impossible date", with("2025-01-02T03:04:05.006Z", "2025-02-30T03:04:05.006Z"), restore),
                ("an unknown sort", with(#""sort": "name""#, #""sort": "size""#), restore),
                ("invalid UTF-8 in a name", invalidUTF8, restore),
                ("two names differing only in case", with(#""name": "Second""#, #""name": "FIRST""#), restore),
                ("two equal ids", with("a2000000-0000-4000-8000-000000000002", "a1000000-0000-4000-8000-000000000001"), restore),
                ("an escape sequence in a name", with(#""name": "Third""#, #""name": "\u001b[2J\u001b]0;pwned\u0007""#), restore),
                ("an empty name", with(#""name": "Third""#, #""name": "  ""#), restore),
                ("a name of 300 characters", with(#""name": "Third""#, "\"name\": \"\(String(repeating: "x", count: 300))\""), restore),
                ("version 5", with(#""version": 1"#, #""version": 5"#), "update project"),
                ("version 99 with unknown fields", with(#""version": 1,"#, #""version": 99, "tags": {"a": [1, 2]}, "#), "update project"),
            ]
        }

        /// Every command, with arguments that would work on the valid store.
        static func commands(importing document: String) -> [[Argument]] {
            [
                ["list"], ["list", "--json"], ["list", "--sort", "date"], ["show", "First"], ["show", "First", "--json"],
                ["add", "New"], ["rename", "First", "Renamed"], ["edit", "First", "-d", "notes"], ["delete", "Second", "--yes"],
                ["move", "Third", "--top"], ["sort"], ["sort", "user"], ["export"], ["import", Argument(document)],
            ]
        }

        @Test(.timeLimit(.minutes(3)))
        func everyCommandRefusesAnInvalidStoreAndLeavesItUntouched() throws {
            try withTemporaryFolder { folder in
                let document = folder + "/import.json"
                try writeFile(document, exportDocument(count: 2, prefix: "Imported", idPrefix: "b0"))
                // The valid store works with every command, so the refusals below are about the store alone.
                do {
                    let store = folder + "/valid/projects.json"
                    mkdir(folder + "/valid", 0o700)
                    try writeFile(store, Self.valid)
                    for arguments in Self.commands(importing: document) {
                        try Tool(store: store).expect(0, arguments)
                        try writeFile(store, Self.valid)
                    }
                }
                var tried = 0
                for (index, variant) in Self.spoiled.enumerated() {
                    let storeFolder = folder + "/store\(index)"
                    mkdir(storeFolder, 0o700)
                    let store = storeFolder + "/projects.json"
                    try writeFile(store, variant.bytes)
                    let tool = try Tool(store: store)
                    for arguments in Self.commands(importing: document) {
                        let outcome = try tool.run(arguments)
                        tried += 1
                        let context = "store \(variant.name), `\(arguments.map(\.description).joined(separator: " "))`"
                        #expect(outcome.status == 3, "\(context): expected exit 3: \(outcome)")
                        if arguments.contains(where: { $0.description == "--json" }) {
                            // A script asking for JSON reads the refusal as JSON, naming the file too.
                            #expect(outcome.out.hasPrefix("{") && outcome.out.contains("\"error\"") && outcome.out.contains(store), "\(context): printed \(outcome.out)")
                        } else {
                            #expect(outcome.stdout.isEmpty, "\(context): printed \(outcome.out)")
                        }
                        #expect(outcome.err.contains(store), "\(context): the message does not name the file: \(outcome.err)")
                        #expect(outcome.err.contains(variant.advice), "\(context): the message does not say what to do (\(variant.advice)): \(outcome.err)")
                        #expect(rawControlCharacters(in: outcome.stderr).isEmpty, "\(context): raw control characters in \(outcome.err)")
                        #expect(fileBytes(store) == variant.bytes, "\(context): the store was changed")
                        // Only the lock file may appear beside it, made by the commands that would change it.
                        #expect(Set(folderListing(storeFolder)).isSubset(of: ["projects.json", "projects.json.lock"]),
                                "\(context): files beside the store: \(folderListing(storeFolder))")
                    }
                }

                // A folder where the store should be: unreadable, for every command.
                let directory = folder + "/directory/projects.json"
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                for arguments in Self.commands(importing: document) {
                    let outcome = try Tool(store: directory).run(arguments)
                    tried += 1
                    #expect(outcome.status == 3 && outcome.err.contains(directory), "a folder as the store: \(outcome)")
                    #expect(folderListing(directory).isEmpty)
                }
                reportFigure("invalid-stores: \(Self.spoiled.count + 1) spoiled stores x \(Self.commands(importing: "").count) commands = \(tried) runs")
            }
        }
    }
}
