import Foundation
import Testing
import ProjectStore
@testable import ProjectStoreFile

/// Long project arrays are read on two cores; what they read, and every mistake they report, must be
/// exactly what reading them in order gives.
@Suite("Reading long stores on two cores")
struct ParallelReadingTests {
    static let count = ProjectArrayReader.parallelThreshold * 2 + 7

    static func projectLines(_ count: Int) -> [String] {
        (1...count).map { index in
            let id = String(format: "00000000-0000-4000-8000-%012x", index)
            let kind = ProjectKind.allCases[index % ProjectKind.allCases.count].rawValue
            let details = index % 3 == 0 ? "\"line \\\"\(index)\\\"\\nnext {[,]}\"" : "null"
            return "{\"id\": \"\(id)\", \"name\": \"Draft \(index) {[\\\"]}\", \"type\": \"\(kind)\", "
                + "\"created\": \"2026-01-01T00:00:00.\(String(format: "%03d", index % 1000))Z\", \"details\": \(details)}"
        }
    }

    static func document(_ lines: [String], separator: String = ",\n    ") -> [UInt8] {
        Array("{\"version\": 1, \"sort\": \"user\", \"projects\": [\n    \(lines.joined(separator: separator))\n]}\n".utf8)
    }

    @Test func aLongStoreReadsAsEveryProjectInOrder() throws {
        let decoded = try StoreDocument.decode(Self.document(Self.projectLines(Self.count)))
        #expect(decoded.projects.count == Self.count)
        #expect(decoded.projects.map(\.position) == Array(1...Self.count))
        #expect(decoded.projects[0].name == "Draft 1 {[\"]}")
        #expect(decoded.projects[Self.count - 1].name == "Draft \(Self.count) {[\"]}")
        #expect(decoded.projects[2].details == "line \"3\"\nnext {[,]}")
        #expect(decoded.order == .user)
        // Written back, it reads the same again.
        let catalog = try ProjectCatalog(projects: decoded.projects, defaultOrder: decoded.order)
        let again = try StoreDocument.decode(StoreDocument.encode(catalog))
        #expect(again.projects == decoded.projects)
    }

    @Test func aMistakeInTheSecondHalfNamesItsProject() {
        var lines = Self.projectLines(Self.count)
        lines[Self.count - 3] = lines[Self.count - 3].replacingOccurrences(of: "\"type\": \"", with: "\"type\": \"x")
        #expect(documentProblem { try StoreDocument.decode(Self.document(lines)) }
            == .wrongValue(field: "type", value: "x" + ProjectKind.allCases[(Self.count - 2) % 5].rawValue, project: Self.count - 2))
    }

    @Test func mistakesInBothHalvesReportTheFirst() {
        var lines = Self.projectLines(Self.count)
        lines[10] = lines[10].replacingOccurrences(of: "\"created\": \"2026", with: "\"created\": \"20x6")
        lines[Self.count - 1] = lines[Self.count - 1].replacingOccurrences(of: "\"id\": ", with: "\"ident\": ")
        let problem = documentProblem { try StoreDocument.decode(Self.document(lines)) }
        guard case .wrongValue(field: "created", _, project: 11)? = problem else {
            Issue.record("expected the date of project 11, got \(String(describing: problem))")
            return
        }
    }

    @Test(arguments: [",\n    ,", "\n    ", ", ,"])
    func brokenSeparatorsAreSyntaxErrors(separator: String) {
        var lines = Self.projectLines(Self.count)
        let broken = lines[100] + separator + lines[101]
        lines.replaceSubrange(100...101, with: [broken])
        guard case .syntax? = documentProblem({ try StoreDocument.decode(Self.document(lines)) }) else {
            Issue.record("a broken separator was accepted")
            return
        }
    }

    @Test func aTrailingCommaIsASyntaxError() {
        let bytes = Array(String(decoding: Self.document(Self.projectLines(Self.count)), as: UTF8.self)
            .replacingOccurrences(of: "\n]}", with: ",\n]}").utf8)
        guard case .syntax? = documentProblem({ try StoreDocument.decode(bytes) }) else {
            Issue.record("a trailing comma was accepted")
            return
        }
    }

    @Test func aTruncatedLongStoreIsASyntaxError() {
        let bytes = Array(Self.document(Self.projectLines(Self.count)).dropLast(40_000))
        guard case .syntax? = documentProblem({ try StoreDocument.decode(bytes) }) else {
            Issue.record("a truncated store was accepted")
            return
        }
    }
}
