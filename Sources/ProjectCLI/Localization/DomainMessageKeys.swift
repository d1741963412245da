import ProjectStore

extension ProjectKind {
    /// The message id of the kind's display name; `<nameKey>.description` describes it.
    var nameKey: String { "kind.\(rawValue)" }
}

extension ProjectOrder {
    /// The message id of the order's name as a phrase ("by name").
    var nameKey: String { "order.\(rawValue)" }
}
