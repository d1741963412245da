import Foundation
import Testing
@testable import ProjectStore

struct MoveCase: Sendable, CustomTestStringConvertible {
    let moving: String
    let target: MoveTarget
    let expected: [String]

    var testDescription: String { "\(moving) → \(target) gives \(expected.joined())" }
}

@Suite("Catalog: moves in the writer's order")
struct MoveTests {
    static let start = ["A", "B", "C", "D", "E"]

    static let cases: [MoveCase] = [
        // To a position
        MoveCase(moving: "A", target: .position(3), expected: ["B", "C", "A", "D", "E"]),
        MoveCase(moving: "E", target: .position(1), expected: ["E", "A", "B", "C", "D"]),
        MoveCase(moving: "B", target: .position(5), expected: ["A", "C", "D", "E", "B"]),
        MoveCase(moving: "D", target: .position(2), expected: ["A", "D", "B", "C", "E"]),
        MoveCase(moving: "C", target: .position(3), expected: ["A", "B", "C", "D", "E"]),
        // Top and bottom
        MoveCase(moving: "D", target: .top, expected: ["D", "A", "B", "C", "E"]),
        MoveCase(moving: "A", target: .top, expected: ["A", "B", "C", "D", "E"]),
        MoveCase(moving: "B", target: .bottom, expected: ["A", "C", "D", "E", "B"]),
        MoveCase(moving: "E", target: .bottom, expected: ["A", "B", "C", "D", "E"]),
        // Before another
        MoveCase(moving: "A", target: .before(.named("D")), expected: ["B", "C", "A", "D", "E"]),
        MoveCase(moving: "E", target: .before(.named("B")), expected: ["A", "E", "B", "C", "D"]),
        MoveCase(moving: "E", target: .before(.named("A")), expected: ["E", "A", "B", "C", "D"]),
        MoveCase(moving: "A", target: .before(.named("E")), expected: ["B", "C", "D", "A", "E"]),
        MoveCase(moving: "A", target: .before(.named("B")), expected: ["A", "B", "C", "D", "E"]),
        MoveCase(moving: "B", target: .before(.named("A")), expected: ["B", "A", "C", "D", "E"]),
        // After another
        MoveCase(moving: "A", target: .after(.named("D")), expected: ["B", "C", "D", "A", "E"]),
        MoveCase(moving: "E", target: .after(.named("B")), expected: ["A", "B", "E", "C", "D"]),
        MoveCase(moving: "A", target: .after(.named("E")), expected: ["B", "C", "D", "E", "A"]),
        MoveCase(moving: "E", target: .after(.named("A")), expected: ["A", "E", "B", "C", "D"]),
        MoveCase(moving: "B", target: .after(.named("A")), expected: ["A", "B", "C", "D", "E"]),
        MoveCase(moving: "A", target: .after(.named("B")), expected: ["B", "A", "C", "D", "E"]),
        MoveCase(moving: "D", target: .after(.named("C")), expected: ["A", "B", "C", "D", "E"]),
        MoveCase(moving: "C", target: .after(.named("D")), expected: ["A", "B", "D", "C", "E"]),
    ]

    @Test("a move puts the project where asked and keeps positions 1...n", arguments: cases)
    func move(_ move: MoveCase) throws {
        var catalog = try makeCatalog(Self.start)
        let before = catalog.projects
        let moved = try catalog.move(.named(move.moving), to: move.target)
        #expect(catalog.names == move.expected)
        #expect(catalog.positions == [1, 2, 3, 4, 5])
        let newIndex = try #require(move.expected.firstIndex(of: move.moving))
        #expect(moved.position == newIndex + 1)
        #expect(moved == catalog.projects[newIndex])
        // Nothing but the order changes: every project keeps id, name, kind, date and details.
        let byID = Dictionary(uniqueKeysWithValues: before.map { ($0.id, Identity($0)) })
        for project in catalog.projects {
            #expect(byID[project.id] == Identity(project))
        }
    }

    @Test("the anchor may be given by id or id prefix")
    func anchorByID() throws {
        var catalog = try makeCatalog(Self.start)
        let d = catalog.named("D")
        try catalog.move(.named("a"), to: .after(.id(d.id)))
        #expect(catalog.names == ["B", "C", "D", "A", "E"])
        let b = catalog.named("B")
        try catalog.move(.id(catalog.named("E").id), to: .before(.named(b.id.lowercasedString)))
        #expect(catalog.names == ["E", "B", "C", "D", "A"])
    }

    @Test("moving before or after itself is refused, however it is named",
          arguments: [MoveTarget.before(.named("C")), .after(.named("C")), .before(.named("c")),
                      .after(.id(fixedID("", 3))), .before(.named(fixedID("", 3).lowercasedString))])
    func moveRelativeToItself(target: MoveTarget) throws {
        var catalog = try makeCatalog(Self.start)
        let before = catalog
        #expect(throws: ProjectStoreError.moveRelativeToItself(catalog.projects[2])) {
            try catalog.move(.named("C"), to: target)
        }
        #expect(catalog == before)
    }

    @Test("positions outside 1...n are refused", arguments: [0, 6, -1, 100, Int.max, Int.min])
    func positionOutOfRange(position: Int) throws {
        var catalog = try makeCatalog(Self.start)
        let before = catalog
        #expect(throws: ProjectStoreError.positionOutOfRange(position, count: 5)) {
            try catalog.move(.named("B"), to: .position(position))
        }
        #expect(catalog == before)
    }

    @Test("the first and last positions are in range")
    func boundaryPositions() throws {
        var catalog = try makeCatalog(Self.start)
        try catalog.move(.named("C"), to: .position(1))
        #expect(catalog.names == ["C", "A", "B", "D", "E"])
        try catalog.move(.named("C"), to: .position(5))
        #expect(catalog.names == ["A", "B", "D", "E", "C"])
    }

    @Test("with one project, position 1, top and bottom leave it where it is; 2 is out of range")
    func singleProject() throws {
        var catalog = try makeCatalog(["Only"])
        for target in [MoveTarget.position(1), .top, .bottom] {
            let moved = try catalog.move(.named("Only"), to: target)
            #expect(moved.position == 1)
        }
        #expect(throws: ProjectStoreError.positionOutOfRange(2, count: 1)) {
            try catalog.move(.named("Only"), to: .position(2))
        }
        #expect(catalog.positions == [1])
    }

    @Test("an unknown project or anchor is refused and nothing moves")
    func unknownReferences() throws {
        var catalog = try makeCatalog(Self.start)
        let before = catalog
        #expect(throws: ProjectStoreError.projectNotFound(reference: "Z", near: [])) {
            try catalog.move(.named("Z"), to: .top)
        }
        #expect(throws: ProjectStoreError.projectNotFound(reference: "Z", near: [])) {
            try catalog.move(.named("A"), to: .before(.named("Z")))
        }
        #expect(throws: ProjectStoreError.projectNotFound(reference: "Z", near: [])) {
            try catalog.move(.named("A"), to: .after(.named("Z")))
        }
        #expect(catalog == before)
    }

    @Test("moves compose: a sequence of moves gives the expected order")
    func sequenceOfMoves() throws {
        var catalog = try makeCatalog(Self.start)
        try catalog.move(.named("E"), to: .top)                  // E A B C D
        try catalog.move(.named("A"), to: .bottom)               // E B C D A
        try catalog.move(.named("C"), to: .before(.named("E")))  // C E B D A
        try catalog.move(.named("B"), to: .after(.named("A")))   // C E D A B
        try catalog.move(.named("D"), to: .position(1))          // D C E A B
        #expect(catalog.names == ["D", "C", "E", "A", "B"])
        #expect(catalog.positions == [1, 2, 3, 4, 5])
    }

    @Test("after a move, deletes and adds keep positions 1...n")
    func moveThenDeleteThenAdd() throws {
        var catalog = try makeCatalog(Self.start)
        try catalog.move(.named("A"), to: .bottom)  // B C D E A
        try catalog.delete(.named("C"))             // B D E A
        try catalog.add(name: "F", kind: .blank, details: nil, id: fixedID("f", 6), created: moment(0))
        #expect(catalog.names == ["B", "D", "E", "A", "F"])
        #expect(catalog.positions == [1, 2, 3, 4, 5])
        #expect(catalog.named("A").position == 4)
    }
}
