import Foundation

extension ProjectCatalog {
    /// This catalog with `changes` applied again, oldest first: what `history --rebuild` writes when
    /// the store was lost or is older than its history. An operation that cannot be applied is
    /// passed over and counted, so that the rest still comes back: after a compaction, the history
    /// no longer holds how its oldest projects were made.
    public func replaying(_ changes: [Change]) -> (catalog: ProjectCatalog, passedOver: Int) {
        var catalog = self
        var passedOver = 0
        for change in changes {
            let operations = change.catalogOperations
            // Whole when it can be: a run of alike operations is applied at once, which is what
            // keeps a 100,000-project import fast, but it may stop half-way.
            var whole = catalog
            do throws(HistoryObstacle) {
                try whole.apply(operations)
                catalog = whole
                continue
            } catch {}
            // One operation at a time: each either applies or leaves the catalog as it was.
            for operation in operations {
                do throws(HistoryObstacle) { try catalog.apply(operation) } catch {
                    if catalog.alreadyWithout(operation) { continue }
                    passedOver += 1
                }
            }
        }
        catalog.beginChange()
        // Written even when the changes leave nothing, so that the store is there again.
        catalog.changes += 1
        return (catalog, passedOver)
    }

    /// Whether `operation` takes out a project this catalog does not hold: the catalog is then
    /// already as the change left it. Compaction keeps old deletions (`History.kept`), not the
    /// changes that made their projects.
    private func alreadyWithout(_ operation: ChangeOperation) -> Bool {
        guard case .remove(let project) = operation else { return false }
        return !projects.contains { $0.id == project.id }
    }
}
