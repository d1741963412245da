import Foundation

/// A hybrid logical clock's reading: the wall clock's milliseconds, and a counter for changes made
/// within one millisecond or while the wall clock stood behind. Readings only go forward on one
/// store, even when the wall clock goes back, and never fall behind a reading already seen, so
/// "later" means the same on every machine whatever their clocks say.
public struct HybridTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let milliseconds: Int64
    public let counter: Int

    public init(milliseconds: Int64, counter: Int) {
        self.milliseconds = milliseconds
        self.counter = counter
    }

    public static func < (lhs: HybridTime, rhs: HybridTime) -> Bool {
        (lhs.milliseconds, lhs.counter) < (rhs.milliseconds, rhs.counter)
    }

    /// The reading for a change made at `wall`, after every reading in `seen`.
    public static func next(at wall: Date, after seen: HybridTime?) -> HybridTime {
        let now = wall.millisecondsSince1970
        guard let seen, seen.milliseconds >= now else { return HybridTime(milliseconds: now, counter: 0) }
        return HybridTime(milliseconds: seen.milliseconds, counter: seen.counter + 1)
    }

    /// `milliseconds.counter`, as the history writes it.
    public var description: String { "\(milliseconds).\(counter)" }

    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let milliseconds = Int64(parts[0]), let counter = Int(parts[1]),
              milliseconds >= 0, counter >= 0 else { return nil }
        self.init(milliseconds: milliseconds, counter: counter)
    }
}

/// The computer a change was made on: an id made once at random and kept outside the writer's
/// root, so that a root copied by hand never gives two machines one identity, and the name it is
/// shown by (the host name, unless the writer chose another).
public struct Machine: Sendable, Equatable {
    public let id: UUID
    public let name: String

    public init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }

    /// A machine not known: the one changes recorded before machines were are taken as made on,
    /// and the one of a store that records no machine (tests, a store in memory).
    public static let unknown = Machine(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), name: "")
}
