/// The three orders a list can be shown in.
public enum ProjectOrder: String, Sendable, CaseIterable {
    case name
    case date
    /// The writer's own order, changed only by moves.
    case user

    public static let standard = ProjectOrder.name
}
