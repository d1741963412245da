extension ProjectCatalog {
    /// Sets the word target; `nil` clears it. A target is a whole number of words in
    /// `StoredNumber.wordTarget.range`.
    @discardableResult
    public mutating func setTarget(of reference: ProjectReference, to target: Int?) throws(ProjectStoreError) -> Project {
        let index = try project(reference).position - 1
        if let target, !StoredNumber.wordTarget.takes(target) { throw .invalidTarget(target) }
        if projects[index].target != target {
            record(.set(projects[index].id, .target(from: projects[index].target, to: target)))
            projects[index].target = target
        }
        return projects[index]
    }

    /// Sets the due date; `nil` clears it.
    @discardableResult
    public mutating func setDue(of reference: ProjectReference, to due: CalendarDay?) throws(ProjectStoreError) -> Project {
        let index = try project(reference).position - 1
        if projects[index].due != due {
            record(.set(projects[index].id, .due(from: projects[index].due, to: due)))
            projects[index].due = due
        }
        return projects[index]
    }

    /// Applies each change asked for, in one go: `edit -d … --target … --due …`.
    @discardableResult
    public mutating func apply(_ edit: ProjectEdit, to reference: ProjectReference) throws(ProjectStoreError) -> Project {
        var project = try project(reference)
        if case .set(let details) = edit.details { project = try setDetails(of: .id(project.id), to: details) }
        if case .set(let target) = edit.target { project = try setTarget(of: .id(project.id), to: target) }
        if case .set(let due) = edit.due { project = try setDue(of: .id(project.id), to: due) }
        return project
    }
}

/// What one `edit` changes. Each field is kept unless set; set to `nil`, it is cleared.
public struct ProjectEdit: Sendable, Equatable {
    public enum Field<Value: Sendable & Equatable>: Sendable, Equatable {
        case keep
        case set(Value?)

        /// The value set; `nil` when kept or cleared.
        public var value: Value? {
            if case .set(let value) = self { value } else { nil }
        }
    }

    public var details: Field<String>
    public var target: Field<Int>
    public var due: Field<CalendarDay>

    public init(details: Field<String> = .keep, target: Field<Int> = .keep, due: Field<CalendarDay> = .keep) {
        self.details = details
        self.target = target
        self.due = due
    }

    /// Every field kept: an edit that changes nothing.
    public var isEmpty: Bool { self == ProjectEdit() }

    /// The fields of this edit that made `before` into `after`; one set to the value it had is kept.
    func changes(from before: Project, to after: Project) -> ProjectEdit {
        ProjectEdit(
            details: ProjectCatalog.sameText(before.details, after.details) ? .keep : details,
            target: before.target == after.target ? .keep : target,
            due: before.due == after.due ? .keep : due)
    }
}
