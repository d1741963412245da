import Foundation
import ProjectStore

/// Questions asked on standard error and answered on standard input.
struct Prompter {
    let context: CommandContext

    var canAsk: Bool { context.terminal.inputIsInteractive }

    /// One line of input; end of input cancels the command.
    func ask(_ key: String, _ arguments: [String: String] = [:]) throws(CommandError) -> String {
        context.terminal.error(context.localizer.text(key, arguments) + " ")
        guard let answer = context.terminal.readLine() else {
            context.terminal.error("\n")
            throw .cancelled
        }
        return answer
    }

    /// Runs `attempt` with `name`; while the store refuses the name and a person is there to answer,
    /// says why and asks for another (the spec's "alert and ask to retry").
    func retryingName<Result>(
        _ name: String, _ attempt: (String) throws -> Result
    ) throws -> Result {
        var name = name
        while true {
            do {
                return try attempt(name)
            } catch let error as ProjectStoreError where canAsk && error.isNameRefusal {
                context.terminal.error(ErrorReport(error, localizer: context.localizer).text)
                name = try ask("prompt.another-name")
            }
        }
    }

    /// A numbered menu of kinds; an empty answer takes the first, blank.
    func chooseKind() throws(CommandError) -> ProjectKind {
        let kinds = ProjectKind.allCases
        var menu = context.localizer.text("prompt.kind.title") + "\n"
        for (index, kind) in kinds.enumerated() {
            menu += "  \(index + 1)) \(context.localizer.text(kind.nameKey))\n"
        }
        context.terminal.error(menu)
        while true {
            let answer = try ask("prompt.kind.choose", ["last": String(kinds.count)])
                .trimmingCharacters(in: .whitespaces)
            if answer.isEmpty { return .blank }
            if let number = Int(answer), kinds.indices.contains(number - 1) { return kinds[number - 1] }
            if let kind = ProjectKind(typed: answer, localizer: context.localizer) { return kind }
            context.warn("prompt.kind.invalid", ["answer": answer, "last": String(kinds.count)])
        }
    }

    /// Only an explicit yes, in the user's language or in English, counts.
    func confirm(_ key: String, _ arguments: [String: String]) throws(CommandError) -> Bool {
        let answer = try ask(key, arguments).trimmingCharacters(in: .whitespaces).lowercased()
        let yes = context.localizer.text("answer.yes").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return (yes + ["y", "yes"]).contains(answer)
    }
}

extension ProjectStoreError {
    var isNameRefusal: Bool {
        switch self {
        case .invalidName, .duplicateName: true
        default: false
        }
    }
}
