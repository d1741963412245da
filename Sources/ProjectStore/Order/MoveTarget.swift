/// Where a move puts a project in the writer's order.
public enum MoveTarget: Sendable, Equatable {
    /// 1-based.
    case position(Int)
    case before(ProjectReference)
    case after(ProjectReference)
    case top
    case bottom
}
