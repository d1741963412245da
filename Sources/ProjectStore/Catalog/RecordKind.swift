import Foundation

/// Every kind of record the catalog keeps for the writer: the one list that a path handling records
/// whole (a store joining a shared root brings each of its records to the logs) goes through, so
/// that no path can leave a kind out. A kind added to the catalog is added here, with its creation
/// and the operation that makes it; `RecordKindTests` fails while the catalog holds a kind of record
/// this list does not name.
public enum RecordKind: String, Sendable, CaseIterable {
    // In the order they depend on one another: a submission names its market and its project.
    case project, market, submission
}

/// One record, by kind and id: ids are unique within a kind.
public struct RecordID: Sendable, Hashable {
    public let kind: RecordKind
    public let id: UUID

    public init(_ kind: RecordKind, _ id: UUID) {
        self.kind = kind
        self.id = id
    }
}

extension ProjectCatalog {
    /// The operation that makes each record of `kind` the catalog holds, as it is now, from nothing.
    public func creations(of kind: RecordKind) -> [ChangeOperation] {
        switch kind {
        case .project: projects.map(ChangeOperation.create)
        case .market: markets.map { .submissions(.addMarket($0)) }
        case .submission: submissions.map { .submissions(.addSubmission($0)) }
        }
    }

    /// The operations that make every record the catalog holds from nothing, kind after kind in
    /// the order they depend on one another; those `known` names are left out.
    public func creations(leavingOut known: Set<RecordID> = []) -> [ChangeOperation] {
        RecordKind.allCases.flatMap { kind in
            creations(of: kind).filter { operation in operation.created.map { !known.contains($0) } ?? true }
        }
    }
}

extension ChangeOperation {
    /// The record it makes (or brings back), if it makes one.
    public var created: RecordID? {
        switch self {
        case .create(let project): RecordID(.project, project.id)
        case .submissions(.addMarket(let market)): RecordID(.market, market.id)
        case .submissions(.addSubmission(let submission)): RecordID(.submission, submission.id)
        default: nil
        }
    }
}
