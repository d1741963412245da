import Foundation

/// One change to the store: what the writer did, as operations, stamped with when, on which
/// machine and by which command. An undo or a redo is a change too: its operations are what it
/// did, and it names the change it took back or applied again by that change's clock.
public struct Change: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A command the writer ran: `add`, `rename`, `import`…
        case command(String)
        case undo(of: ChangeID)
        case redo(of: ChangeID)
    }

    /// The store revision the change produced: a change whose store was never written (a crash
    /// between the two) has a revision above the store's, and is not part of the history.
    public let revision: Int
    /// The wall clock's time, for showing.
    public let time: Date
    public let clock: HybridTime
    public let machine: Machine
    public let kind: Kind
    public internal(set) var operations: [ChangeOperation]
    /// Recorded before changes were operations (a history of version 1): shown, never undone.
    public let isLegacy: Bool

    public init(
        revision: Int, time: Date, clock: HybridTime, machine: Machine, kind: Kind, operations: [ChangeOperation], isLegacy: Bool = false
    ) {
        self.revision = revision
        self.time = time
        self.clock = clock
        self.machine = machine
        self.kind = kind
        self.operations = operations
        self.isLegacy = isLegacy
    }

    public var id: ChangeID { ChangeID(machine: machine.id, clock: clock) }

    /// The command's name: `undo` and `redo` for those.
    public var command: String {
        switch kind {
        case .command(let name): name
        case .undo: "undo"
        case .redo: "redo"
        }
    }

    /// The ids of the projects it touched, the one the writer named first.
    public var projectIDs: [UUID] {
        var seen = Set<UUID>()
        return operations.compactMap(\.projectID).filter { seen.insert($0).inserted }
    }

    /// The operations on the catalog, without the disk steps.
    public var catalogOperations: [ChangeOperation] {
        operations.filter { if case .disk = $0 { false } else { true } }
    }

    /// Whether it took a project out of the list: what `undelete` looks for.
    public var deletesAProject: Bool {
        operations.contains { if case .remove = $0 { true } else { false } }
    }

    /// The restore it made, took back or made again, if any.
    public var fileRestore: FileRestore? {
        for case .restored(let restore) in diskSteps { return restore }
        return nil
    }

    /// The disk steps, in the order taken.
    public var diskSteps: [DiskStep] {
        operations.compactMap { if case .disk(let step) = $0 { step } else { nil } }
    }
}

/// A change named, as an undo or redo names the change it takes: the machine that made it and its
/// clock, unique together on every copy of the store.
public struct ChangeID: Sendable, Hashable {
    public let machine: UUID
    public let clock: HybridTime

    public init(machine: UUID, clock: HybridTime) {
        self.machine = machine
        self.clock = clock
    }
}
