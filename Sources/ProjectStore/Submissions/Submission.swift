import Foundation

/// Pieces of one project sent to one market on one day. Each piece keeps the version sent, and its
/// own answer: a packet of five poems can come back with one taken and four declined.
public struct Submission: Sendable, Equatable, Identifiable {
    public let id: UUID
    public let market: UUID
    public let project: UUID
    /// The project's name when it was sent, so that a deleted project's submissions still read.
    public let projectName: String
    public let sent: CalendarDay
    public let note: String?
    public internal(set) var pieces: [SubmittedPiece]
    /// When it was recorded, by the hybrid clock: its number follows it, so that a number the
    /// writer was shown keeps naming it when another is sent the same day or sent earlier and
    /// recorded later. `nil` for one recorded before numbers followed it: those come first, by the
    /// day sent, as they were numbered then.
    public let recorded: HybridTime?

    public init(
        id: UUID, market: UUID, project: UUID, projectName: String, sent: CalendarDay, note: String?, pieces: [SubmittedPiece],
        recorded: HybridTime? = nil
    ) {
        self.id = id
        self.market = market
        self.project = project
        self.projectName = projectName
        self.sent = sent
        self.note = note
        self.pieces = pieces
        self.recorded = recorded
    }

    /// Whether any piece still waits for an answer.
    public var isOpen: Bool { pieces.contains { $0.response.status.isOpen } }

    /// The file of the piece `typed` names: its path in the project's folder, or its file name
    /// alone when one piece only has that name (`Ode.md` for `Ready/Ode.md`).
    public func pieceFile(named typed: String) -> String? {
        if pieces.contains(where: { $0.file == typed }) { return typed }
        let byName = pieces.filter { $0.file.split(separator: "/").last.map(String.init) == typed }
        return byName.count == 1 ? byName[0].file : nil
    }
}

/// One file of a submission and the version of it that was sent.
public struct SubmittedPiece: Sendable, Equatable {
    /// Relative to the project's folder, as `files` shows it.
    public let file: String
    /// The id of the version sent: what opens it again (`path --version`).
    public let version: String
    /// That version's number when it was sent, for the writer to read; ids do not shift, numbers may.
    public let number: Int
    public internal(set) var response: PieceResponse

    public init(file: String, version: String, number: Int, response: PieceResponse = .pending) {
        self.file = file
        self.version = version
        self.number = number
        self.response = response
    }
}

/// Where a piece stands: what came back, when, and the writer's note on it.
public struct PieceResponse: Sendable, Equatable {
    public let status: PieceStatus
    public let date: CalendarDay?
    public let note: String?

    public init(status: PieceStatus, date: CalendarDay?, note: String?) {
        self.status = status
        self.date = date
        self.note = note
    }

    public static let pending = PieceResponse(status: .pending, date: nil, note: nil)

    /// Where the piece stood on `day`: still pending before an answer dated later came.
    public func status(on day: CalendarDay) -> PieceStatus {
        if let date, date > day { return .pending }
        return status
    }
}

public enum PieceStatus: String, Sendable, CaseIterable {
    case pending, accepted, rejected, withdrawn, shortlisted

    /// Still out: no final answer yet.
    public var isOpen: Bool { self == .pending || self == .shortlisted }
}
