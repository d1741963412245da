/// What an import added: the projects, and the markets and submissions the store did not hold.
public struct ImportedRecords: Sendable, Equatable {
    public let projects: [Project]
    public let markets: [Market]
    public let submissions: [Submission]
}

extension ProjectCatalog {
    /// Adds what an import document holds, as one change, or nothing: the whole document is checked
    /// first, its projects as `importProjects` checks them and its markets and submissions as
    /// `submissionImport` does, against itself and the store, and every problem found is listed
    /// together. So an import never leaves a store its reader refuses.
    public mutating func importDocument(
        projects incoming: [Project], markets: [Market], submissions: [Submission], root: FolderRoot? = nil
    ) throws(ProjectStoreError) -> ImportedRecords {
        let projects = projectImport(incoming, root: root)
        let others = submissionImport(markets: markets, submissions: submissions)
        guard projects.problems.isEmpty, others.problems.isEmpty else { throw .importRejected(projects.problems + others.problems) }
        appendImported(projects.accepted)
        appendImported(markets: others.markets, submissions: others.submissions)
        return ImportedRecords(projects: projects.accepted, markets: others.markets, submissions: others.submissions)
    }
}
