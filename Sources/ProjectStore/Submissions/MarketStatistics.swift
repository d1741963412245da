import Foundation

/// What a market's past says: how much went there, how much it took, how fast it answers.
/// Counted by piece, since a packet's poems are answered one by one; a response time is the days
/// from sending to an acceptance or a rejection (a withdrawal is the writer's, not the market's).
public struct MarketStatistics: Sendable, Equatable {
    public let submissions: Int
    public let pieces: Int
    public let accepted: Int
    public let rejected: Int
    public let withdrawn: Int
    /// Pieces still out (pending or shortlisted).
    public let pending: Int
    /// accepted ÷ (accepted + rejected); `nil` before any answer.
    public let acceptanceRate: Double?
    public let medianResponseDays: Double?
    public let longestResponseDays: Int?
    /// How long the longest-waiting piece still out has waited, in days up to `today`.
    public let longestPendingDays: Int?

    public init(of market: UUID, in submissions: [Submission], today: CalendarDay) {
        var count = 0, pieces = 0, accepted = 0, rejected = 0, withdrawn = 0, pending = 0
        var times: [Int] = []
        var oldestOpen: CalendarDay?
        for submission in submissions where submission.market == market {
            count += 1
            for piece in submission.pieces {
                pieces += 1
                switch piece.response.status {
                case .accepted: accepted += 1
                case .rejected: rejected += 1
                case .withdrawn: withdrawn += 1
                case .pending, .shortlisted:
                    pending += 1
                    if oldestOpen.map({ submission.sent < $0 }) ?? true { oldestOpen = submission.sent }
                }
                if piece.response.status == .accepted || piece.response.status == .rejected, let date = piece.response.date {
                    times.append(submission.sent.days(until: date))
                }
            }
        }
        self.submissions = count
        self.pieces = pieces
        self.accepted = accepted
        self.rejected = rejected
        self.withdrawn = withdrawn
        self.pending = pending
        acceptanceRate = accepted + rejected == 0 ? nil : Double(accepted) / Double(accepted + rejected)
        times.sort()
        if times.isEmpty {
            medianResponseDays = nil
        } else if times.count % 2 == 1 {
            medianResponseDays = Double(times[times.count / 2])
        } else {
            medianResponseDays = Double(times[times.count / 2 - 1] + times[times.count / 2]) / 2
        }
        longestResponseDays = times.last
        longestPendingDays = oldestOpen.map { $0.days(until: today) }
    }
}
