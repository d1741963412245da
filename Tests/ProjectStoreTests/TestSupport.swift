import Foundation
@testable import ProjectStore

/// A fixed id whose text starts with the given hex digits, e.g. `fixedID("beef", 1)`
/// is `beef0000-0000-4000-8000-000000000001`.
func fixedID(_ prefix: String = "", _ number: Int) -> UUID {
    let head = (prefix + String(repeating: "0", count: 8)).prefix(8)
    let tail = String(number, radix: 16)
    let last = String(repeating: "0", count: 12 - tail.count) + tail
    return UUID(uuidString: "\(head)-0000-4000-8000-\(last)")!
}

/// A date in the present era: whole milliseconds, `offset` milliseconds after 2023-11-14T22:13:20Z.
func moment(_ offset: Int64) -> Date {
    Date(millisecondsSince1970: 1_700_000_000_000 + offset)
}

/// A catalog with the given names added in order; project `n` (1-based) has id `fixedID("", n)`,
/// kind cycling through every kind, creation `moment(n * 1000)` and details "details n".
func makeCatalog(_ names: [String]) throws -> ProjectCatalog {
    var catalog = ProjectCatalog()
    for (offset, name) in names.enumerated() {
        let number = offset + 1
        try catalog.add(
            name: name,
            kind: ProjectKind.allCases[offset % ProjectKind.allCases.count],
            details: "details \(number)",
            id: fixedID("", number),
            created: moment(Int64(number) * 1000))
    }
    return catalog
}

extension ProjectCatalog {
    var names: [String] { projects.map(\.name) }
    var positions: [Int] { projects.map(\.position) }

    /// The project with this exact stored name; fails the calling test when missing.
    func named(_ name: String) -> Project {
        projects.first { $0.name == name }!
    }
}

extension Array where Element == Project {
    var names: [String] { map(\.name) }
}

/// Everything about a project except its position.
struct Identity: Equatable {
    let id: UUID
    let name: String
    let kind: ProjectKind
    let created: Date
    let details: String?

    init(_ project: Project) {
        id = project.id
        name = project.name
        kind = project.kind
        created = project.created
        details = project.details
    }
}

/// Hands out values in turn, from any thread.
final class Supply<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value]
    private(set) var handedOut = 0

    init(_ values: [Value]) {
        self.values = values
    }

    func next() -> Value {
        lock.withLock {
            handedOut += 1
            return values.removeFirst()
        }
    }
}

/// A small seeded generator, so that generated prose and random changes are the same on every run,
/// and a failing seed can be run again.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// Seeded with `RELIABILITY_SEED` when set (to repeat a run), else the clock; the seed is printed.
    static func forThisRun(test: String) -> SeededGenerator {
        let seed = ProcessInfo.processInfo.environment["RELIABILITY_SEED"].flatMap { UInt64($0) }
            ?? UInt64(Date().timeIntervalSince1970 * 1000)
        print("\(test): RELIABILITY_SEED=\(seed)")
        return SeededGenerator(seed: seed)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 up to `bound`.
    mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
