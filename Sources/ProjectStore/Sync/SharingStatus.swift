import Foundation

/// A shared root as this machine sees it: every machine whose log it holds, when each was last
/// heard from, and what has not arrived here yet. What `sync` says of a root a folder-sync tool
/// carries, where there is nothing else to do.
public struct SharingStatus: Sendable {
    public struct Heard: Sendable {
        public let machine: Machine
        /// The wall-clock time of its latest change, as that machine told it.
        public let lastChange: Date
        public let changes: Int
        public let isThisMachine: Bool
    }

    /// Changes of `machine` another machine had taken in that have not reached this one: the sync
    /// engine has more to deliver.
    public struct Awaited: Sendable {
        public let machine: UUID
        /// Its name, when any of its changes is here.
        public let name: String?
        /// Who had seen them.
        public let seenBy: String
    }

    public let root: String
    /// Latest first.
    public let machines: [Heard]
    public let awaited: [Awaited]
    /// Projects whose folder, inside the root, is not on this machine (yet).
    public let foldersNotHere: [Project]
    /// Lines of the logs this version cannot read, set aside.
    public let setAside: [UnreadLine]
}

extension ProjectStore {
    /// Takes in what the other machines' logs hold now, and says what it was; `nil` when nothing
    /// new had arrived or the root is not shared.
    public func takeIn() throws(ProjectStoreError) -> Arrivals? {
        try storage.update { catalog throws(ProjectStoreError) in
            if let lost = catalog.lost { throw .storeLost(lost) }
            try finishInterruptedChange(in: catalog)
            return try takeIn(&catalog)
        }
    }

    /// The shared root as this machine sees it, or `nil` when the root is not shared.
    public func sharingStatus() throws(ProjectStoreError) -> SharingStatus? {
        let catalog = try catalog()
        guard let root = sharedRoot(of: catalog) else { return nil }
        let me = machine()
        var heard: [SharingStatus.Heard] = []
        var lastClock: [UUID: HybridTime] = [:]
        var seenElsewhere: [UUID: (clock: HybridTime, by: String)] = [:]
        var setAside: [UnreadLine] = []
        for machine in try shared.logEnds(in: root).keys.sorted(by: { $0.uuidString < $1.uuidString }) {
            let log = try shared.readLog(of: machine, in: root)
            setAside += log.unread
            let entries = log.entries
            guard let last = entries.last?.change.change else { continue }
            heard.append(SharingStatus.Heard(
                machine: machine == me.id ? me : last.machine, lastChange: last.time, changes: entries.count, isThisMachine: machine == me.id))
            lastClock[machine] = last.clock
            for (other, clock) in entries.last!.change.seen where clock > (seenElsewhere[other]?.clock ?? HybridTime(milliseconds: -1, counter: 0)) {
                seenElsewhere[other] = (clock, last.machine.name)
            }
        }
        let names = Dictionary(heard.map { ($0.machine.id, $0.machine.name) }, uniquingKeysWith: { first, _ in first })
        let awaited = seenElsewhere.filter { entry in lastClock[entry.key].map { $0 < entry.value.clock } ?? true }
            .sorted { $0.key.uuidString < $1.key.uuidString }
            .map { SharingStatus.Awaited(machine: $0.key, name: names[$0.key], seenBy: $0.value.by) }
        let notHere = catalog.projects.filter { folderHasNotArrived($0, in: catalog) }
        return SharingStatus(
            root: root, machines: heard.sorted { $0.lastChange > $1.lastChange }, awaited: awaited, foldersNotHere: notHere,
            setAside: setAside)
    }
}
