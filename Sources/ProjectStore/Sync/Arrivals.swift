import Foundation

/// What a command took in from the other machines: their changes this machine had not seen, in
/// the order every machine agrees on, and what the merge decided about them. `sync` tells it.
public struct Arrivals: Sendable {
    public let changes: [Change]
    public let overridden: [Overridden]
    public let dropped: [DroppedEdit]
    public let renamed: [Renaming]
    public let folderClashes: [FolderClash]
    public let renamedMarkets: [Renaming]

    /// `previous`, the id this machine had until it found another writing its log, and `own`, this
    /// machine's changes in that log.
    init(
        from logs: [UUID: [SharedLogEntry]], after mark: SharingMark?, by me: Machine, merged: MergeOutcome, before: ProjectCatalog,
        previous: UUID? = nil, leaving own: Set<ChangeID> = []
    ) {
        var arrived: [SharedChange] = []
        for (machine, entries) in logs where machine != me.id {
            // The log this machine shared with another until now: what is not its own arrived,
            // wherever git's merge put it.
            // (Its joining, written to the log alone, is its own too.)
            let seen = machine == previous ? 0 : mark?.logs[machine]?.end ?? 0
            arrived += entries.filter {
                $0.end > seen && !own.contains($0.change.change.id) && !(machine == previous && $0.change.change.command == "sync")
            }.map(\.change)
        }
        arrived.sort { $0.stamp < $1.stamp }
        changes = arrived.map(\.change)
        let new = Set(changes.map(\.id))
        overridden = merged.overridden.filter { new.contains($0.lost.id) || new.contains($0.won.id) }
        dropped = merged.dropped.filter { new.contains($0.edit.id) || new.contains($0.removal.id) }
        // A renaming the list already had was told when it happened.
        renamed = merged.renamed.filter { renaming in
            before.projects.first { $0.id == renaming.project }?.name != renaming.to
        }
        renamedMarkets = merged.renamedMarkets.filter { renaming in
            before.markets.first { $0.id == renaming.project }?.name != renaming.to
        }
        // Likewise a folder given up: said when it happens.
        folderClashes = merged.folderClashes.filter { clash in
            before.projects.first { $0.id == clash.project }?.folder != nil || !before.projects.contains { $0.id == clash.project }
        }
    }
}
