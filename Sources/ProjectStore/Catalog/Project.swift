import Foundation

/// One piece of the writer's work.
public struct Project: Sendable, Equatable, Identifiable {
    public let id: UUID
    public internal(set) var name: String
    public internal(set) var kind: ProjectKind
    /// Rounded to the millisecond: the store keeps no finer time, so a project read back equals the one written.
    public let created: Date
    /// `nil` when the writer has not written any.
    public internal(set) var details: String?
    /// 1-based place in the writer's own order; kept by `ProjectCatalog`.
    public internal(set) var position: Int
    /// What places it in the writer's own order; `nil` until a catalog gives it one.
    public internal(set) var orderKey: OrderKey?
    /// `nil` for a list entry only (`--no-folder`, or a store from before folders).
    public internal(set) var folder: ProjectFolder?
    /// The words the writer aims for, at least 1; `nil` when none is set.
    public internal(set) var target: Int?
    /// The day the work is due, on the writer's calendar; `nil` when none is set.
    public internal(set) var due: CalendarDay?

    public init(
        id: UUID, name: String, kind: ProjectKind, created: Date, details: String?, position: Int = 0,
        folder: ProjectFolder? = nil, target: Int? = nil, due: CalendarDay? = nil, orderKey: OrderKey? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.created = Date(millisecondsSince1970: created.millisecondsSince1970)
        self.details = details
        self.position = position
        self.folder = folder
        self.target = target
        self.due = due
        self.orderKey = orderKey
    }

    /// Equal as the writer sees them: every field and the position. The order key is the catalog's
    /// bookkeeping, compared by the catalog (an export document has none).
    public static func == (lhs: Project, rhs: Project) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.created == rhs.created
            && lhs.details == rhs.details && lhs.position == rhs.position && lhs.folder == rhs.folder
            && lhs.target == rhs.target && lhs.due == rhs.due
    }
}

extension Date {
    /// Whole milliseconds, anything finer dropped. The microsecond of slack absorbs the rounding of
    /// `Date`'s own arithmetic, so a date made from whole milliseconds gives them back exactly.
    public var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000 + 0.001).rounded(.down))
    }

    public init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
