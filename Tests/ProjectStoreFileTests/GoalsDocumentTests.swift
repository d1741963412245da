import Foundation
import Testing
@testable import ProjectStore
@testable import ProjectStoreFile

/// The word target and due date in the store: written for every project, read when present, and
/// missing (a version-2 store written before them) read as none.
@Suite struct GoalsDocumentTests {
    private let validFields = #""id": "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b", "name": "Draft", "type": "novel", "created": "2026-11-22T08:30:00.125Z", "details": null"#

    private func decode(_ fields: String) throws(DocumentProblem) -> Project {
        let text = #"{"version": 2, "sort": "name", "root": null, "projects": [{"# + fields + "}]}"
        return try StoreDocument.decode(Array(text.utf8)).projects[0]
    }

    @Test func targetAndDueRoundTrip() throws {
        var catalog = try makeCatalog([makeProject("Draft"), makeProject("Notes")])
        try catalog.setTarget(of: .named("Draft"), to: 80_000)
        try catalog.setDue(of: .named("Draft"), to: CalendarDay(year: 2027, month: 3, day: 31))
        let bytes = StoreDocument.encode(catalog)
        let text = String(decoding: bytes, as: UTF8.self)
        // An export gives every field, `null` where there is none.
        #expect(text.contains(#""position": 1, "folder": null, "target": 80000, "due": "2027-03-31", "managed": null}"#))
        #expect(text.contains(#""details": null, "position": 2, "folder": null, "target": null, "due": null, "managed": null}"#))
        // The store leaves out what a project does not have.
        let stored = String(decoding: StoreDocument.encode(catalog, withRevision: true), as: UTF8.self)
        #expect(stored.contains(#""position": 1, "target": 80000, "due": "2027-03-31""#))
        #expect(!stored.contains(#""target": null"#) && !stored.contains(#""due": null"#) && !stored.contains(#""folder""#))
        let projects = try StoreDocument.decode(bytes).projects
        #expect(projects[0].target == 80_000 && projects[0].due == CalendarDay(year: 2027, month: 3, day: 31))
        #expect(projects[1].target == nil && projects[1].due == nil)
    }

    @Test func aStoreFromBeforeTargetsReadsAsNone() throws {
        let project = try decode(validFields + #", "position": 1, "folder": null, "managed": false"#)
        #expect(project.target == nil && project.due == nil)
        let nulls = try decode(validFields + #", "target": null, "due": null"#)
        #expect(nulls.target == nil && nulls.due == nil)
    }

    @Test(arguments: [
        (#""target": 0"#, DocumentProblem.wrongValue(field: "target", value: "0", project: 1)),
        (#""target": -3"#, .wrongValue(field: "target", value: "-3", project: 1)),
        (#""due": "2027-02-29""#, .wrongValue(field: "due", value: "2027-02-29", project: 1)),
        (#""due": "31/03/2027""#, .wrongValue(field: "due", value: "31/03/2027", project: 1)),
    ])
    func badValuesAreRefused(field: String, problem: DocumentProblem) {
        #expect(documentProblem { try decode(validFields + ", " + field) } == problem)
    }

    @Test func aTargetThatIsNotANumberIsAnError() {
        #expect(documentProblem { try decode(validFields + #", "target": "many""#) } != nil)
        #expect(documentProblem { try decode(validFields + #", "target": 1.5"#) } != nil)
    }

    @Test func listJSONAddsTheWordsOnlyWhenCounted() throws {
        let project = makeProject("Draft", id: UUID(uuidString: "0f8e2c4a-1b3d-4e5f-8a7b-9c0d1e2f3a4b")!)
        let plain = String(decoding: ProjectJSON.encode(project, folderPath: nil), as: UTF8.self)
        #expect(plain.hasSuffix(#""folder": null, "target": null, "due": null}"#))
        let counted = String(decoding: ProjectJSON.encode(project, folderPath: "/w", words: .counted(12)), as: UTF8.self)
        #expect(counted.hasSuffix(#""folder": "/w", "target": null, "due": null, "words": 12}"#))
        let uncounted = String(decoding: ProjectJSON.encode(project, folderPath: nil, words: .counted(nil)), as: UTF8.self)
        #expect(uncounted.hasSuffix(#""words": null}"#))
    }
}
