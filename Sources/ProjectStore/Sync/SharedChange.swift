import Foundation

/// A change as the machines that share a root exchange it: the change itself, and how far its
/// machine had taken in each other machine's changes when it was made. That is what tells a change
/// made after seeing another (it simply comes later) from one made without knowing of it: then two
/// machines changed the same thing at once, and the writer is told which change gave way.
public struct SharedChange: Sendable, Equatable {
    public let change: Change
    /// For each other machine, the clock of its latest change this machine had taken in.
    public let seen: [UUID: HybridTime]

    public init(change: Change, seen: [UUID: HybridTime]) {
        self.change = change
        self.seen = seen
    }

    /// Where it falls among every machine's changes: by clock, then by machine for equal clocks,
    /// the same order on every machine.
    var stamp: MergeStamp { MergeStamp(clock: change.clock, machine: change.machine.id) }

    /// Whether its machine knew of `other` when it was made.
    func knew(of other: MergeStamp) -> Bool {
        other.machine == change.machine.id || (seen[other.machine].map { $0 >= other.clock } ?? false)
    }
}

/// A change's place in the one order every machine agrees on.
struct MergeStamp: Sendable, Hashable, Comparable {
    let clock: HybridTime
    let machine: UUID

    static func < (lhs: MergeStamp, rhs: MergeStamp) -> Bool {
        lhs.clock != rhs.clock ? lhs.clock < rhs.clock : lhs.machine.uuidString < rhs.machine.uuidString
    }
}
