import Foundation
import ProjectStore
import Testing
@testable import ProjectStoreFile

@Suite("Store document")
struct StoreDocumentTests {
    private let firstID = UUID(uuidString: "0F8E2C4A-1B3D-4E5F-8A7B-9C0D1E2F3A4B")!
    private let secondID = UUID(uuidString: "A1B2C3D4-E5F6-4711-8899-AABBCCDDEEFF")!

    private func decode(_ text: String) throws(DocumentProblem) -> (order: ProjectOrder, projects: [Project]) {
        let contents = try StoreDocument.decode(Array(text.utf8))
        return (contents.order, contents.projects)
    }

    /// A one-project document with `fields` as the project's members.
    private func document(project fields: String, version: String = "1") -> String {
        """
        {"version": \(version), "sort": "name", "projects": [
          {\(fields)}
        ]}
        """
    }

    private let validFields = #""id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "Draft", "type": "novel", "created": "2026-11-22T08:30:00.125Z", "details": null"#

    // MARK: Shape

    @Test(arguments: [
        ("[]", DocumentProblem.wrongKind(field: nil, project: nil, expected: .object, found: .array)),
        (" 42 ", .wrongKind(field: nil, project: nil, expected: .object, found: .number)),
        (#"{"version": 3, "projects": {}}"#, .wrongKind(field: "projects", project: nil, expected: .array, found: .object)),
        (#"{"version": "3", "projects": []}"#, .wrongKind(field: "version", project: nil, expected: .number, found: .string)),
        (#"{"version": 3, "projects": [false]}"#, .wrongKind(field: nil, project: 1, expected: .object, found: .boolean)),
        (#"{"version": 3, "projects": [[]]}"#, .wrongKind(field: nil, project: 1, expected: .object, found: .array)),
        (#"{"version": 3, "projects": [null]}"#, .wrongKind(field: nil, project: 1, expected: .object, found: .null)),
        // A document that is not JSON as a whole has no shape to name: a syntax error, as always.
        ("[1, 2", .syntax(line: 1, column: 1)),
        ("4 four", .syntax(line: 1, column: 1)),
        (#"{"version": 3, "projects": tru}"#, .syntax(line: 1, column: 28)),
        (#"{"version": 3, "projects": {"a": }}"#, .syntax(line: 1, column: 28)),
    ])
    func wrongShapeIsSaidSo(_ text: String, _ problem: DocumentProblem) {
        #expect(throws: problem) { try decode(text) }
    }

    // MARK: Layout

    @Test func emptyCatalogLayout() {
        let text = String(decoding: StoreDocument.encode(ProjectCatalog()), as: UTF8.self)
        #expect(text == "{\n  \"version\": 3,\n  \"sort\": \"name\",\n  \"root\": null,\n  \"projects\": []\n}\n")
    }

    @Test func layoutIsOneProjectALineInTheWritersOrder() throws {
        let catalog = try makeCatalog([
            makeProject("Zebra", kind: .script, details: "two\nlines", id: firstID),
            makeProject("Apple", kind: .shortStory, id: secondID, created: Date(timeIntervalSince1970: 0)),
        ], order: .user)
        let text = String(decoding: StoreDocument.encode(catalog), as: UTF8.self)
        let expected = """
            {
              "version": 3,
              "sort": "user",
              "root": null,
              "projects": [
                {"id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "Zebra", "type": "script", "created": "2026-11-22T08:30:00.125Z", "details": "two\\nlines", "position": 1, "folder": null, "target": null, "due": null, "managed": null},
                {"id": "a1b2c3d4-e5f6-4711-8899-aabbccddeeff", "name": "Apple", "type": "short-story", "created": "1970-01-01T00:00:00.000Z", "details": null, "position": 2, "folder": null, "target": null, "due": null, "managed": null}
              ]
            }

            """
        #expect(text == expected)
    }

    @Test(arguments: ProjectOrder.allCases)
    func sortOrderRoundTrips(_ order: ProjectOrder) throws {
        let catalog = try makeCatalog([makeProject("One")], order: order)
        #expect(try StoreDocument.decode(StoreDocument.encode(catalog)).order == order)
    }

    @Test(arguments: ProjectKind.allCases)
    func everyKindRoundTrips(_ kind: ProjectKind) throws {
        let catalog = try makeCatalog([makeProject("One", kind: kind)])
        let bytes = StoreDocument.encode(catalog)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"type\": \"\(kind.rawValue)\""))
        #expect(try StoreDocument.decode(bytes).projects.first?.kind == kind)
    }

    // MARK: Round trips

    /// Names can hold anything the naming rules allow; details anything at all.
    @Test func everyFieldRoundTripsExactly() throws {
        let names = [
            "Say \"hello\"", #"back\slash\\"#, "日本語の小説", "Emoji 😀👩‍👩‍👧 party", "Cafe\u{301} com\u{308}bining",
            "Ünïcödé ß", "\u{FEFF}zero width\u{200B}", "a/b: c", "{\"json\": [1]}", "tab-free name", "💡",
        ]
        let details: [String?] = [
            "quotes \" and \\ backslashes", "line\nbreak and\r\ncrlf", "tab\there", "escape \u{1B}[31mred\u{1B}[0m",
            "del \u{7F} and nul \u{0}", "c1 \u{80} \u{85} \u{9F}", "separators \u{2028} \u{2029}", "😀 e\u{301}",
            nil, "\u{8}\u{C}\u{1F}", "plain",
        ]
        var projects: [Project] = []
        for (index, name) in names.enumerated() {
            projects.append(makeProject(
                name, kind: ProjectKind.allCases[index % ProjectKind.allCases.count], details: details[index],
                created: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 86_400.5)))
        }
        let catalog = try makeCatalog(projects, order: .date)
        let bytes = StoreDocument.encode(catalog)
        let decoded = try StoreDocument.decode(bytes)

        #expect(decoded.order == .date)
        #expect(decoded.projects == catalog.projects)
        // Equality of Swift strings is canonical equivalence; the stored scalars must be the very same.
        for (original, back) in zip(catalog.projects, decoded.projects) {
            #expect(original.name.unicodeScalars.elementsEqual(back.name.unicodeScalars))
            #expect((original.details?.unicodeScalars.map(\.value)) == (back.details?.unicodeScalars.map(\.value)))
        }
        #expect(controlByteOffsets(in: bytes, allowingNewlines: true).isEmpty)
        // Newlines only separate lines: the header, one per project, the footer.
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(lines.count == 5 + projects.count + 3)
        #expect(lines.last?.isEmpty == true)
    }

    @Test func encodedBytesHoldNoRawControlsOrLineSeparators() throws {
        var details = String.UnicodeScalarView()
        for value in Array(0x00...0x9F) + [0x2028, 0x2029] {
            details.append(Unicode.Scalar(UInt32(value))!)
        }
        let catalog = try makeCatalog([makeProject("Controls", details: String(details))])
        let bytes = StoreDocument.encode(catalog)
        #expect(controlByteOffsets(in: bytes, allowingNewlines: true).isEmpty)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.unicodeScalars.contains("\u{2028}") && !text.unicodeScalars.contains("\u{2029}"))
        #expect(try StoreDocument.decode(bytes).projects.first?.details?.unicodeScalars.elementsEqual(details) == true)
    }

    @Test func manyProjectsKeepTheirOrder() throws {
        var generator = SplitMix64(seed: 7)
        let projects = (0..<500).map { index in
            makeProject("Project \(Int.random(in: 0..<1_000_000, using: &generator)) #\(index)")
        }
        let catalog = try makeCatalog(projects, order: .user)
        let decoded = try StoreDocument.decode(StoreDocument.encode(catalog))
        #expect(decoded.projects.map(\.id) == projects.map(\.id))
        #expect(decoded.projects.map(\.position) == Array(1...500))
    }

    /// Created dates at whole milliseconds come back as the same instant.
    @Test func createdDatesRoundTripAtMillisecondPrecision() throws {
        var generator = SplitMix64(seed: 42)
        var failures: [String] = []
        for index in 0..<2_000 {
            let milliseconds = Int64.random(in: -5_364_662_400_000...7_258_118_400_000, using: &generator)
            let created = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let catalog = try makeCatalog([makeProject("P\(index)", created: created)])
            let back = try StoreDocument.decode(StoreDocument.encode(catalog)).projects[0].created
            if back != catalog.projects[0].created || back.millisecondsSince1970 != milliseconds {
                failures.append("\(milliseconds) came back as \(back.millisecondsSince1970)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 2000, e.g. \(failures.prefix(3))")
    }

    // MARK: What decode reads

    @Test func positionFieldsAreIgnored() throws {
        let text = """
            {"version": 1, "projects": [
              {"id": "a1b2c3d4-e5f6-4711-8899-aabbccddeeff", "name": "B", "type": "poetry", "created": "2026-01-01T00:00:00.000Z", "details": "x", "position": 7},
              {"id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "A", "type": "blank", "created": "2026-01-02T00:00:00Z", "position": -3}
            ]}
            """
        let decoded = try decode(text)
        #expect(decoded.projects.map(\.name) == ["B", "A"])
        #expect(decoded.projects.map(\.position) == [1, 2])
        #expect(decoded.order == .name, "a missing sort is the standard order")
        #expect(decoded.projects[1].details == nil)
    }

    /// `position` may come anywhere in a project, as any JSON writer may order the keys.
    @Test func positionFieldBeforeOtherFieldsIsIgnored() throws {
        let decoded = documentProblem { try decode(document(project: #""position": 9, "# + validFields)) }
        #expect(decoded == nil, "gave \(String(describing: decoded))")
    }

    @Test func unknownKeysAreSkipped() throws {
        let text = """
            {"generator": "other tool", "meta": {"a": [true, false, null, "s", {"deep": []}], "b": {}},
             "version": 1, "sort": "date", "note": null,
             "projects": [{"color": "red", \(validFields), "tags": ["x", "y"], "extra": {"n": null}}],
             "trailer": "end"}
            """
        let decoded = try decode(text)
        #expect(decoded.order == .date)
        #expect(decoded.projects.map(\.name) == ["Draft"])
        #expect(decoded.projects.first?.id == firstID)
    }

    /// Numbers are JSON values too, and `1,` is how they are usually written in a list of keys.
    @Test(arguments: [
        #"{"count": 3, "version": 1, "projects": []}"#,
        #"{"version": 1, "sizes": [1, 2, 3], "projects": []}"#,
        #"{"version": 1, "ratio": 0.5, "projects": []}"#,
    ])
    func unknownNumericKeysAreSkipped(_ text: String) {
        let problem = documentProblem { try decode(text) }
        #expect(problem == nil, "\(text) gave \(String(describing: problem))")
    }

    @Test func uppercaseIDsAndOffsetDatesAreRead() throws {
        let decoded = try decode(document(project: #""id": "0F8E2C4A-1B3D-4E5F-8A7B-9C0D1E2F3A4B", "name": "X", "type": "novel", "created": "2026-11-22T10:30:00.125+02:00""#))
        #expect(decoded.projects.first?.id == firstID)
        #expect(decoded.projects.first?.created == sampleDate)
    }

    /// JSON may spell any character of a string as an escape; the value is what counts.
    @Test func escapedKeysAndValuesAreRead() throws {
        let keys = try decode(#"{"\u0076ersion": 1, "sor\u0074": "user", "projects": [{"\u0069d": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "n\u0061me": "A\/B", "type": "novel", "created": "2026-11-22T08:30:00.125Z"}]}"#)
        #expect(keys.order == .user)
        #expect(keys.projects.first?.id == firstID)
        #expect(keys.projects.first?.name == "A/B")

        let values = documentProblem {
            try decode(document(project: #""id": "0f8e2c4a\u002d1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "A", "type": "nov\u0065l", "created": "2026-11-22T08:30:00.125\u005a""#))
        }
        #expect(values == nil, "gave \(String(describing: values))")
    }

    // MARK: What decode refuses

    @Test(arguments: ["", " ", "\n\n", " \t\r\n "])
    func emptyDocumentIsEmpty(_ text: String) {
        #expect(throws: DocumentProblem.empty) { try decode(text) }
    }

    /// Every cut of a real store is a syntax error on the line where the cut is.
    @Test func truncatedDocumentsAreSyntaxErrorsOnTheRightLine() throws {
        let catalog = try makeCatalog([
            makeProject("First", details: "some \"details\"\nhere", id: firstID),
            makeProject("Second 日本", kind: .poetry, id: secondID),
        ])
        let bytes = StoreDocument.encode(catalog)
        var failures: [String] = []
        for length in 1..<(bytes.count - 1) {
            let prefix = Array(bytes[..<length])
            let expectedLine = prefix.count { $0 == 0x0A } + 1
            let problem = documentProblem { try StoreDocument.decode(prefix) }
            guard case .syntax(let line, let column) = problem, line == expectedLine, column >= 1 else {
                failures.append("cut at \(length): \(String(describing: problem)), expected line \(expectedLine)")
                continue
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        // Without the final newline the document is still whole.
        #expect(try StoreDocument.decode(Array(bytes.dropLast())).projects == catalog.projects)
    }

    @Test func syntaxErrorPointsAtTheOffendingCharacter() {
        #expect(throws: DocumentProblem.syntax(line: 1, column: 29)) {
            try decode(#"{"version": 1, "projects": [}"#)
        }
        #expect(throws: DocumentProblem.syntax(line: 4, column: 5)) {
            try decode("{\n  \"version\": 1,\n  \"projects\": [\n    x\n  ]\n}")
        }
        #expect(throws: DocumentProblem.syntax(line: 2, column: 1)) {
            try decode("{\"version\": 1, \"projects\": []}\n}")
        }
        // Not JSON as a whole: the first value of the wrong kind is where it is refused.
        #expect(throws: DocumentProblem.syntax(line: 1, column: 1)) { try decode("[] x") }
        #expect(throws: DocumentProblem.syntax(line: 1, column: 13)) {
            try decode(#"{"version": "1", "projects": [}"#)
        }
    }

    @Test func randomBytesAreRefusedWithoutCrashing() {
        var generator = SplitMix64(seed: 2026)
        var failures: [String] = []
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...200, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if bytes[0] == UInt8(ascii: "{") || [0x20, 0x0A, 0x0D, 0x09].contains(bytes[0]) { bytes[0] = 0xFF }
            let problem = documentProblem { try StoreDocument.decode(bytes) }
            // Digits alone are a number: valid JSON of another shape, and said to be so.
            let number = bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } && (bytes.count == 1 || bytes[0] != UInt8(ascii: "0"))
            if number, problem == .wrongKind(field: nil, project: nil, expected: .object, found: .number) { continue }
            if problem != .syntax(line: 1, column: 1) {
                failures.append("\(bytes.prefix(8)) gave \(String(describing: problem))")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// Flipped bytes in a real store: each either reads or is refused with a problem, never a crash.
    @Test func corruptedStoresNeverCrash() throws {
        let catalog = try makeCatalog([
            makeProject("First", details: "d", id: firstID),
            makeProject("Second", kind: .poetry, id: secondID),
        ])
        let original = StoreDocument.encode(catalog)
        var generator = SplitMix64(seed: 99)
        var refused = 0
        var accepted = 0
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                let decoded = try StoreDocument.decode(bytes)
                // What is accepted must survive its own round trip.
                if let again = try? StoreDocument.decode(StoreDocument.encode(
                    try ProjectCatalog(projects: decoded.projects, defaultOrder: decoded.order))) {
                    #expect(again.projects == decoded.projects)
                }
                accepted += 1
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0 && accepted + refused == 3_000)
    }

    /// "café" in Latin-1, as a store edited with the wrong encoding would hold it.
    @Test func invalidUTF8InANameIsNotUTF8() {
        let bytes = Array(#"{"version": 1, "projects": [{"id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "caf"#.utf8)
            + [0xE9] + Array(#"", "type": "novel", "created": "2026-01-01T00:00:00Z"}]}"#.utf8)
        #expect(throws: DocumentProblem.notUTF8) { try StoreDocument.decode(bytes) }
    }

    @Test func invalidUTF8ElsewhereIsNotUTF8() {
        let inDetails = Array(#"{"version": 1, "projects": [{"id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "A", "type": "novel", "created": "2026-01-01T00:00:00Z", "details": "a\n"#.utf8)
            + [0xC0, 0x80] + Array(#""}]}"#.utf8)
        #expect(throws: DocumentProblem.notUTF8) { try StoreDocument.decode(inDetails) }
        let inUnknownKey = Array(#"{"version": 1, "x": ""#.utf8) + [0xFE] + Array(#"", "projects": []}"#.utf8)
        #expect(throws: DocumentProblem.notUTF8) { try StoreDocument.decode(inUnknownKey) }
    }

    @Test func missingTopLevelFields() {
        #expect(throws: DocumentProblem.missingField("version", project: nil)) { try decode(#"{"projects": []}"#) }
        #expect(throws: DocumentProblem.missingField("projects", project: nil)) { try decode(#"{"version": 1}"#) }
        #expect(throws: DocumentProblem.missingField("version", project: nil)) { try decode("{}") }
    }

    @Test(arguments: ["id", "name", "type", "created"])
    func missingProjectField(_ field: String) {
        let fields = [
            "id": #""id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b""#, "name": #""name": "B""#,
            "type": #""type": "novel""#, "created": #""created": "2026-01-01T00:00:00Z""#,
        ]
        let present = ["id", "name", "type", "created"].filter { $0 != field }.map { fields[$0]! }.joined(separator: ", ")
        let text = """
            {"version": 1, "projects": [
              {"id": "a1b2c3d4-e5f6-4711-8899-aabbccddeeff", "name": "A", "type": "novel", "created": "2026-01-01T00:00:00Z"},
              {\(present)}
            ]}
            """
        #expect(throws: DocumentProblem.missingField(field, project: 2)) { try decode(text) }
    }

    @Test func wrongValues() {
        let base = #""id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "A", "created": "2026-01-01T00:00:00Z""#
        #expect(throws: DocumentProblem.wrongValue(field: "type", value: "epic", project: 1)) {
            try decode(document(project: base + #", "type": "epic""#))
        }
        #expect(throws: DocumentProblem.wrongValue(field: "type", value: "Novel", project: 1)) {
            try decode(document(project: base + #", "type": "Novel""#))
        }
        #expect(throws: DocumentProblem.wrongValue(field: "id", value: "not-a-uuid", project: 1)) {
            try decode(document(project: #""id": "not-a-uuid", "name": "A", "type": "novel", "created": "2026-01-01T00:00:00Z""#))
        }
        #expect(throws: DocumentProblem.wrongValue(field: "id", value: "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4", project: 1)) {
            try decode(document(project: #""id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4", "name": "A", "type": "novel", "created": "2026-01-01T00:00:00Z""#))
        }
        #expect(throws: DocumentProblem.wrongValue(field: "created", value: "2026-02-30T00:00:00Z", project: 1)) {
            try decode(document(project: #""id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "A", "type": "novel", "created": "2026-02-30T00:00:00Z""#))
        }
        #expect(throws: DocumentProblem.wrongValue(field: "created", value: "yesterday", project: 1)) {
            try decode(document(project: #""id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "A", "type": "novel", "created": "yesterday""#))
        }
        #expect(throws: DocumentProblem.wrongValue(field: "sort", value: "random", project: nil)) {
            try decode(#"{"version": 1, "sort": "random", "projects": []}"#)
        }
        #expect(throws: DocumentProblem.wrongValue(field: "version", value: "0", project: nil)) {
            try decode(#"{"version": 0, "projects": []}"#)
        }
    }

    @Test(arguments: [5, 6, 1000])
    func newerVersionIsRefused(_ version: Int) {
        #expect(throws: DocumentProblem.newerVersion(version)) {
            try decode(#"{"version": \#(version), "projects": []}"#)
        }
        // Checked as soon as it is read, so a newer document's unknown shapes do not matter.
        #expect(throws: DocumentProblem.newerVersion(version)) {
            try decode(#"{"version": \#(version), "projects": {"new": "shape"}}"#)
        }
    }

    @Test func brokenShapesAreSyntaxErrors() {
        for text in [
            #"{"version": 1, "projects": {}"#, #"{"version": 1, "projects": [[]]"#,
            #"{"version": 1, "projects": [null]]}"#, #"{"version": 1, "projects": []} trailing"#,
            #"{"version": 1, "projects": [], }"#, #"{"version": 1 "projects": []}"#,
            #"{"version": 1, "projects": [{"name": 5}]}"#,
        ] {
            let problem = documentProblem { try decode(text) }
            guard case .syntax = problem else {
                Issue.record("\(text) gave \(String(describing: problem))")
                continue
            }
        }
    }

    @Test func deepNestingInAnUnknownKeyThrows() {
        let text = #"{"version": 1, "junk": "# + String(repeating: "[", count: 100_000) + #"], "projects": []}"#
        let problem = documentProblem { try decode(text) }
        guard case .syntax(line: 1, _) = problem else {
            Issue.record("gave \(String(describing: problem))")
            return
        }
        let inProject = document(project: validFields + #", "junk": "# + String(repeating: #"{"a": "#, count: 100_000))
        #expect(throws: DocumentProblem.self) { try decode(inProject) }
    }

    // MARK: Project JSON

    @Test func projectJSONMatchesTheStoreLines() throws {
        let catalog = try makeCatalog([makeProject("A", id: firstID), makeProject("B \"q\"", details: "d", id: secondID)])
        let one = String(decoding: ProjectJSON.encode(catalog.projects[0], folderPath: "/w/A"), as: UTF8.self)
        #expect(one == #"{"id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "A", "type": "novel", "created": "2026-11-22T08:30:00.125Z", "details": null, "position": 1, "folder": "/w/A", "target": null, "due": null}"#)
        let list = String(decoding: ProjectJSON.encode(catalog.projects) { _ in nil }, as: UTF8.self)
        let store = String(decoding: StoreDocument.encode(catalog), as: UTF8.self)
        let lines = list.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.count == 4)
        #expect(lines.first == "[" && lines.last == "]")
        // An export writes the same fields, and whether the tool made the folder.
        for line in lines.dropFirst().dropLast() {
            let fields = (line.hasSuffix(",") ? String(line.dropLast()) : line)
            #expect(store.contains(fields.dropLast() + #", "managed": null}"#))
        }
        #expect(String(decoding: ProjectJSON.encode([Project]()) { _ in nil }, as: UTF8.self) == "[]")
    }
}
