import Foundation

/// A place a writer sends work to: a magazine, a competition, a publisher, an agent.
public struct Market: Sendable, Equatable, Identifiable {
    public let id: UUID
    /// Validated and compared as project names are (`ProjectName`).
    public internal(set) var name: String
    public internal(set) var kind: MarketKind
    public internal(set) var url: String?
    /// The last day it takes work, on the writer's calendar.
    public internal(set) var deadline: CalendarDay?
    /// Whether it takes a piece that is pending at another market.
    public internal(set) var simultaneous: Bool
    /// Whether it takes a second submission from the writer while one is pending.
    public internal(set) var multiple: Bool
    public internal(set) var notes: String?
    /// How many days it usually takes to answer, when the writer knows.
    public internal(set) var responseDays: Int?

    public init(
        id: UUID, name: String, kind: MarketKind = .magazine, url: String? = nil, deadline: CalendarDay? = nil,
        simultaneous: Bool = true, multiple: Bool = true, notes: String? = nil, responseDays: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.url = url
        self.deadline = deadline
        self.simultaneous = simultaneous
        self.multiple = multiple
        self.notes = notes
        self.responseDays = responseDays
    }

    /// A field's value as the history writes it: text, or `nil` for none.
    public func text(of field: MarketField) -> String? {
        switch field {
        case .name: name
        case .kind: kind.rawValue
        case .url: url
        case .deadline: deadline?.description
        case .simultaneous: MarketField.yesNoText(simultaneous)
        case .multiple: MarketField.yesNoText(multiple)
        case .notes: notes
        case .responseDays: responseDays.map(String.init)
        }
    }

    /// Sets a field from its text; `false`, and nothing changed, for text the field cannot hold.
    mutating func set(_ field: MarketField, to text: String?) -> Bool {
        switch field {
        case .name:
            guard let text else { return false }
            name = text
        case .kind:
            guard let kind = text.flatMap(MarketKind.init(rawValue:)) else { return false }
            self.kind = kind
        case .url: url = text
        case .deadline:
            guard let text else { deadline = nil; return true }
            guard let day = CalendarDay(parsing: text) else { return false }
            deadline = day
        case .simultaneous, .multiple:
            guard let text, let value = MarketField.yesNo(text) else { return false }
            if field == .simultaneous { simultaneous = value } else { multiple = value }
        case .notes: notes = text
        case .responseDays:
            guard let text else { responseDays = nil; return true }
            guard let days = Int(text), days >= 1 else { return false }
            responseDays = days
        }
        return true
    }
}

public enum MarketKind: String, Sendable, CaseIterable {
    case magazine, competition, publisher, agent, other
}

/// A market's fields by the names the history and `market edit` use.
public enum MarketField: String, Sendable, CaseIterable {
    case name, kind, url, deadline, simultaneous, multiple, notes
    case responseDays = "response-days"

    /// `yes` and `no`, as the options, the history and CSV write a rule, the same in every language.
    public static let yesNoWords = ["yes", "no"]

    public static func yesNo(_ text: String) -> Bool? {
        yesNoWords.firstIndex(of: text.lowercased()).map { $0 == 0 }
    }

    public static func yesNoText(_ value: Bool) -> String { yesNoWords[value ? 0 : 1] }
}
