import Foundation
@testable import ProjectStore

/// Days, markets and submissions for the submission tests, by short names.
enum Sent {
    static func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

    static func market(_ number: Int, _ name: String, simultaneous: Bool = true, multiple: Bool = true,
                       deadline: String? = nil, responseDays: Int? = nil) -> Market {
        Market(id: fixedID("3a", number), name: name, deadline: deadline.map(day), simultaneous: simultaneous, multiple: multiple,
               responseDays: responseDays)
    }

    static func piece(_ file: String, _ status: PieceStatus = .pending, on date: String? = nil) -> SubmittedPiece {
        SubmittedPiece(file: file, version: "v-\(file)", number: 1, response: PieceResponse(status: status, date: date.map(day), note: nil))
    }

    static func submission(_ number: Int, to market: Market, of project: Project, on date: String, _ pieces: [SubmittedPiece]) -> Submission {
        Submission(id: fixedID("5b", number), market: market.id, project: project.id, projectName: project.name, sent: day(date),
                   note: nil, pieces: pieces)
    }
}
