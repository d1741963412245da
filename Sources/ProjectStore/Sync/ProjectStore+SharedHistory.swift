import Foundation

extension ProjectStore {
    /// The other machines' changes, as their logs in the shared root hold them, and what merging
    /// every log decided (which change gave way to which): what `history` adds to this machine's own
    /// changes. `nil` when the root is not shared.
    public func otherMachinesChanges(in catalog: ProjectCatalog) throws(ProjectStoreError) -> (changes: [Change], merge: MergeOutcome)? {
        guard let root = sharedRoot(of: catalog) else { return nil }
        let me = machine().id
        var everything: [SharedChange] = []
        for machine in try shared.logEnds(in: root).keys {
            everything += try shared.log(of: machine, in: root).map(\.change)
        }
        let merge: MergeOutcome
        do throws(DocumentProblem) {
            merge = try ProjectCatalog.merged(everything, numbered: numbered)
        } catch {
            throw .sharedFile(.invalid(path: root, error))
        }
        // A machine's joining brings what it had, already in its own history.
        let theirs = everything.filter { $0.change.machine.id != me && $0.change.command != "sync" }
        return (theirs.sorted { $0.stamp < $1.stamp }.map(\.change), merge)
    }
}
