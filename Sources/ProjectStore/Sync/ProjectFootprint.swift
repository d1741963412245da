import Foundation

/// What of the projects an undo or redo of a change would give back or take away: another
/// machine's later operation on any of it stands in the way. `SubmissionFootprint` is the same for
/// markets and submissions.
struct ProjectFootprint {
    /// Fields the change set, as `id/field` (a project's place among them).
    private var fields = Set<String>()
    /// Projects the change made or deleted: the undo takes away or brings back the whole project.
    private var whole = Set<UUID>()

    init(_ change: Change) {
        for operation in change.catalogOperations {
            switch operation {
            case .set(let id, let field): fields.insert("\(id)/\(field.field)")
            case .place(let id, _): fields.insert("\(id)/place")
            case .create(let project), .remove(let project): whole.insert(project.id)
            default: break
            }
        }
    }

    /// What `operations`, another machine's change, did to any of it: the project and what was done,
    /// by the first such operation.
    func obstacle(in operations: [ChangeOperation]) -> (project: UUID, what: ChangeElsewhere)? {
        for operation in operations {
            switch operation {
            case .set(let id, let field) where touches(id, field.field): return (id, .field(field.field))
            case .place(let id, _) where touches(id, "place"): return (id, .field("place"))
            case .remove(let project) where whole.contains(project.id) || fields.contains(where: { $0.hasPrefix("\(project.id)/") }):
                return (project.id, .deleted)
            case .create(let project) where whole.contains(project.id): return (project.id, .added)
            default: continue
            }
        }
        return nil
    }

    private func touches(_ id: UUID, _ field: String) -> Bool {
        whole.contains(id) || fields.contains("\(id)/\(field)")
    }
}
