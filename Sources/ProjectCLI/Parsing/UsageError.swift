import ProjectStore

/// A command line that cannot be understood; the tool exits with status 2.
enum UsageError: Error, Equatable {
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, command: String?, suggestion: String?)
    case missingValue(option: String, command: String?)
    case unexpectedValue(option: String, command: String?)
    case missingArgument(placeholder: String, command: String)
    case extraArgument(String, command: String)
    case repeatedOption(option: String, command: String?)
    case conflictingOptions([String], command: String)
    case missingChoice([String], command: String)
    case badValue(option: String, value: String, expected: Expectation, command: String)
    case needsTerminal(argument: String, command: String)
    /// An argument whose bytes are not UTF-8, shown with its bad bytes replaced; `position` is 1-based.
    case notUTF8(argument: String, position: Int)

    /// What a bad value should have been.
    enum Expectation: Equatable {
        case kind
        case order
        case positiveNumber
        case shell
        /// A whole number of words, or 0 or nothing to clear the target; `grouped` is 80000 as the
        /// locale groups it.
        case wordTarget(grouped: String)
        /// A whole number of words, given what may be a decimal (`1,5`).
        case wholeWords(grouped: String)
        /// A number the tool keeps, given outside its range (`StoredNumber.range`); the bounds as
        /// the locale groups them.
        case inRange(StoredNumber, minimum: String, maximum: String)
        /// A real day as `YYYY-MM-DD`, or nothing to clear the date.
        case date
        /// A real day as `YYYY-MM-DD`, which nothing clears (the day a submission was sent, an answer came).
        case day
        case format
        /// An output file whose extension names no format, without `--to`.
        case formatOfFile
        /// An output file whose extension names another format than `--to`'s.
        case extensionOfFormat(String)
        case paper
        /// One of these words, as typed (`yes`, `no`; a status; a market's kind).
        case oneOf([String])
        /// A name shown in history and sync on every machine: no control characters.
        case machineName
        /// `progress --days`: a whole number of days from 1 to `maximum`, as the locale writes it.
        case dayCount(maximum: String)
        /// `progress --goal`: a whole number of words a day; `grouped` is an example as the locale
        /// groups it; `decimal` when what was typed may be a decimal.
        case dailyGoal(grouped: String, decimal: Bool)
    }

    /// The command whose help would explain the mistake.
    var command: String? {
        switch self {
        case .unknownCommand, .notUTF8: nil
        case .unknownOption(_, let command, _), .missingValue(_, let command), .unexpectedValue(_, let command),
             .repeatedOption(_, let command): command
        case .missingArgument(_, let command), .extraArgument(_, let command),
             .conflictingOptions(_, let command), .missingChoice(_, let command),
             .badValue(_, _, _, let command), .needsTerminal(_, let command): command
        }
    }
}
