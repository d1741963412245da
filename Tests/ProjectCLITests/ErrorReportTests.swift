import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ProjectCLI
import ProjectStore
import ProjectStoreFile

@Suite struct ErrorReportTests {
    let errorPrefix = english.text("error.prefix", ["message": ""])
    let novel = project("My Novel", kind: .novel, position: 1)

    func report(_ error: any Error) -> ErrorReport {
        ErrorReport(error, localizer: english)
    }

    /// Every report: starts with the prefix, ends with one newline, never carries raw control characters.
    func checkShape(_ report: ErrorReport, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(errorPrefix == "Error: ", sourceLocation: sourceLocation)
        #expect(report.text.hasPrefix(errorPrefix), sourceLocation: sourceLocation)
        #expect(report.text.hasSuffix("\n"), sourceLocation: sourceLocation)
        #expect(!report.text.hasSuffix("\n\n"), sourceLocation: sourceLocation)
        #expect(!report.text.hasRawControl, sourceLocation: sourceLocation)
        // No message id was left untranslated.
        #expect(!report.text.contains(/(error|usage|document|import)\.[a-z]/), sourceLocation: sourceLocation)
    }

    // MARK: The store's refusals: 1

    @Test func invalidNames() {
        let empty = report(ProjectStoreError.invalidName("   ", .empty))
        checkShape(empty)
        #expect(empty.status == .refused)
        #expect(empty.text.contains("empty"))

        let control = report(ProjectStoreError.invalidName("Bad\u{1B}[31mName", .controlCharacter))
        checkShape(control)
        #expect(control.status == .refused)
        #expect(control.text.contains("Bad^[[31mName"))

        let long = String(repeating: "x", count: 300)
        let tooLong = report(ProjectStoreError.invalidName(long, .tooLong(maximum: 255)))
        checkShape(tooLong)
        #expect(tooLong.status == .refused)
        #expect(tooLong.text.contains("300"))
        #expect(tooLong.text.contains("255"))
    }

    @Test("a name with a character that shows nothing is refused naming it, and shown with it made visible, in every language",
          arguments: ["en", "fr", "de", "es"])
    func invisibleCharacterInName(language: String) {
        let result = ErrorReport(
            ProjectStoreError.invalidName("evil\u{202E}txt.exe", .invisibleCharacter("\u{202E}")), localizer: Localizer(language: language))
        #expect(result.status == .refused)
        #expect(result.text.contains("U+202E RIGHT-TO-LEFT OVERRIDE"), "\(result.text)")
        #expect(result.text.contains("evil<U+202E>txt.exe"), "\(result.text)")
        #expect(!result.text.unicodeScalars.contains("\u{202E}"))
        #expect(!result.text.contains(/(error|usage|document|import)\.[a-z]/))
    }

    @Test("a folder path with .. or in the trash is refused, in an import and in a store")
    func climbingFolders() {
        let imported = report(ProjectStoreError.importRejected([
            .folderRefused(index: 1, folder: "../victim", .climbsOut), .folderRefused(index: 2, folder: ".trash/Old", .trash),
        ]))
        checkShape(imported)
        let lines = imported.text.lines.dropLast()
        #expect(lines[1].contains("project 1") && lines[1].contains("../victim") && lines[1].contains("“..”"))
        #expect(lines[2].contains("project 2") && lines[2].contains(".trash/Old") && lines[2].contains("trash"))
        let store = report(ProjectStoreError.storage(.invalid(path: "/data/projects.json", .folderRefused(path: "../victim", .climbsOut, project: 3))))
        checkShape(store)
        #expect(store.status == .unavailable)
        #expect(store.text.contains("\"../victim\" of project 3 goes up a level"), "\(store.text)")
    }

    @Test func duplicateName() {
        let result = report(ProjectStoreError.duplicateName("MY NOVEL", existing: novel))
        checkShape(result)
        #expect(result.status == .refused)
        #expect(result.text.contains("“My Novel”"))
    }

    @Test func notFound() {
        let result = report(ProjectStoreError.projectNotFound(reference: "Lost Book", near: []))
        checkShape(result)
        #expect(result.status == .refused)
        #expect(result.text.contains("“Lost Book”"))
        #expect(result.text.contains("project list"))
    }

    @Test func notFoundAsksAboutTheNearNames() {
        let one = report(ProjectStoreError.projectNotFound(reference: "Sonets", near: ["Sonnets for Winter"]))
        checkShape(one)
        #expect(one.status == .refused)
        #expect(one.text == "Error: No project is named “Sonets”. Did you mean “Sonnets for Winter”?\n")
        let two = report(ProjectStoreError.projectNotFound(reference: "wint", near: ["Winter", "A Winter"]))
        #expect(two.text == "Error: No project is named “wint”. Did you mean “Winter” or “A Winter”?\n")
        let escaped = report(ProjectStoreError.projectNotFound(reference: "x", near: ["\u{1B}[31mRed"]))
        #expect(!escaped.text.contains("\u{1B}"), "a name from the store is made visible before it is shown")
    }

    @Test func ambiguousReferenceListsTheCandidates() {
        let first = project("First", position: 1, id: UUID(uuidString: "BEEF1111-0000-4000-8000-000000000001")!)
        let second = project("Second", position: 2, id: UUID(uuidString: "BEEF2222-0000-4000-8000-000000000002")!)
        let result = report(ProjectStoreError.ambiguousReference("beef", candidates: [first, second]))
        checkShape(result)
        #expect(result.status == .refused)
        #expect(result.text.contains("“beef”"))
        let lines = result.text.lines.dropLast()
        #expect(lines.count == 3)
        #expect(lines[1].contains("beef1111-0000-4000-8000-000000000001") && lines[1].contains("First"))
        #expect(lines[2].contains("beef2222-0000-4000-8000-000000000002") && lines[2].contains("Second"))
    }

    @Test func positionOutOfRange() {
        let many = report(ProjectStoreError.positionOutOfRange(9, count: 3))
        checkShape(many)
        #expect(many.status == .refused)
        #expect(many.text.contains("9"))
        #expect(many.text.contains("1 to 3"))

        let one = report(ProjectStoreError.positionOutOfRange(2, count: 1))
        checkShape(one)
        #expect(one.text.contains("2"))
        #expect(one.text.contains("only position is 1"))

        let none = report(ProjectStoreError.positionOutOfRange(1, count: 0))
        checkShape(none)
        #expect(none.status == .refused)
        #expect(none.text.contains("no projects"))
    }

    @Test func moveRelativeToItself() {
        let result = report(ProjectStoreError.moveRelativeToItself(novel))
        checkShape(result)
        #expect(result.status == .refused)
        #expect(result.text.contains("“My Novel”"))
    }

    /// A number the tool keeps, refused by the domain, is said with its range, grouped as the
    /// locale groups numbers when the report is given them, else as digits.
    @Test func numbersOutOfRangeSayTheRange() {
        let result = report(ProjectStoreError.invalidTarget(0))
        checkShape(result)
        #expect(result.status == .refused)
        #expect(result.text == "Error: A word target is a whole number of words from 1 to 1000000000, not 0.\n")
        let numbers = NumberText(locale: Locale(identifier: "en_US"))
        func grouped(_ error: ProjectStoreError) -> ErrorReport { ErrorReport(error, localizer: english, numbers: numbers) }
        #expect(grouped(.invalidTarget(1_000_000_001)).text
            == "Error: A word target is a whole number of words from 1 to 1,000,000,000, not 1,000,000,001.\n")
        #expect(grouped(.invalidGoal(1_000_000_001)).text
            == "Error: A daily goal is a whole number of words from 1 to 1,000,000,000, not 1,000,000,001.\n")
        let days = grouped(.submissions(.invalidResponseDays(3_651)))
        checkShape(days)
        #expect(days.status == .refused)
        #expect(days.text == "Error: A market's usual response time is from 1 to 3,650 days, not 3,651. Nothing was recorded.\n")
        let range = report(UsageError.badValue(
            option: "--goal", value: "1000000001", expected: .inRange(.dailyGoal, minimum: "1", maximum: "1,000,000,000"), command: "progress"))
        #expect(range.status == .usage)
        #expect(range.text.contains(
            "“1000000001” is not a valid value for --goal: use a whole number of words from 1 to 1,000,000,000; 0 or an empty value clears the goal."))
    }

    /// The folder to count is gone, is not a folder, or cannot be read: refused (1), naming it.
    @Test func folderThatCannotBeCounted() {
        let missing = report(CommandError.folderUncountable(novel, .missing(path: "/w/My Novel")))
        #expect(missing.status == .refused && missing.text.contains("/w/My Novel, is not on disk"))
        let notFolder = report(CommandError.folderUncountable(novel, .notAFolder(path: "/w/My Novel")))
        #expect(notFolder.status == .refused)
        #expect(notFolder.text == "Error: The folder of “My Novel”, /w/My Novel, is not a folder.\n")
        let unreadable = report(CommandError.folderUncountable(novel, .unreadable(path: "/w/My Novel", code: EACCES)))
        #expect(unreadable.status == .refused)
        #expect(unreadable.text == "Error: Cannot read the folder of “My Novel”, /w/My Novel: permission denied.\n")
        for result in [missing, notFolder, unreadable] { checkShape(result) }
    }

    /// compile's refusals: 1, each naming what it is about; a converter that is not installed: 3,
    /// saying what to install; in every language, with no message id left.
    @Test func compileErrors() {
        let cases: [(CommandError, ProjectCLI.ExitStatus, String)] = [
            (.manuscript(novel, folder: "/w/My Novel", .empty(lookedIn: ["/w/My Novel/Chapters"])), .refused,
             "Error: Nothing to compile in “My Novel”: no text file in /w/My Novel/Chapters.\n"),
            (.manuscript(novel, folder: "/w/My Novel", .outsideFolder("../x")), .refused,
             "Error: --from ../x is outside the folder of “My Novel” (/w/My Novel): give a folder or file inside it.\n"),
            (.manuscript(novel, folder: "/w/My Novel", .notFound("Notes")), .refused,
             "Error: --from Notes: there is no file or folder there in the folder of “My Novel” (/w/My Novel).\n"),
            (.manuscript(novel, folder: "/w/My Novel", .unreadable(path: "/w/My Novel/Chapters/2.md", code: EACCES)), .refused,
             "Error: Cannot read /w/My Novel/Chapters/2.md: permission denied. Nothing was written: a manuscript with a part missing is worse than none.\n"),
            (.outputExists(path: "My Novel.docx"), .refused,
             "Error: My Novel.docx exists already. Give another --output, or --force to replace it.\n"),
            (.outputUnwritable(path: "/ro/x.docx", code: EROFS), .refused, "Error: Cannot write /ro/x.docx: the file system is read-only. Nothing was written.\n"),
            (.converterMissing("weasyprint", format: "PDF", installation: "apt install weasyprint"), .unavailable,
             "Error: PDF needs weasyprint, which is not installed (it is not on PATH). Install it with: apt install weasyprint. Nothing was written.\n"),
            (.converterFailed("pandoc", status: 64), .refused, "Error: pandoc failed (status 64); its message is above. Nothing was written.\n"),
            (.scriptFormat("epub"), .refused, "Error: A script compiles to pdf or html, in screenplay format, not to epub. Nothing was written.\n"),
            (.authorUnreadable(path: "/h/.config/project/author", code: EISDIR), .refused,
             "Error: Cannot read your author details in /h/.config/project/author: it is a folder, not a file.\n"),
        ]
        for (error, status, text) in cases {
            let result = report(error)
            checkShape(result)
            #expect(result.status == status, "\(error)")
            #expect(result.text == text)
            for language in ["fr", "de", "es"] {
                let local = ErrorReport(error, localizer: Localizer(language: language))
                #expect(local.text != result.text && local.text.firstMatch(of: /(error|usage)\.[a-z]/) == nil, "\(language): \(local.text)")
            }
        }
    }

    @Test func importRejectedListsEveryProblem() {
        let problems: [ImportProblem] = [
            .invalidName(index: 1, name: "", .empty),
            .clashesWithStore(index: 2, name: "my novel", existing: "My Novel"),
            .clashesWithinDocument(index: 4, name: "Poems", otherIndex: 3),
            .idInStore(index: 5, id: fixedID(5)),
            .idRepeated(index: 6, id: fixedID(6), otherIndex: 2),
        ]
        let result = report(ProjectStoreError.importRejected(problems))
        checkShape(result)
        #expect(result.status == .refused)
        let lines = result.text.lines.dropLast()
        #expect(lines.count == 1 + problems.count)
        #expect(lines[0].contains("5"))
        #expect(lines[1].contains("project 1"))
        #expect(lines[2].contains("“my novel”") && lines[2].contains("“My Novel”"))
        #expect(lines[3].contains("project 4") && lines[3].contains("project 3"))
        #expect(lines[4].contains(fixedID(5).lowercasedString))
        #expect(lines[5].contains(fixedID(6).lowercasedString) && lines[5].contains("project 2"))
    }

    @Test func importRejectedNamesTheMarketOrSubmission() {
        let problems: [ImportProblem] = [
            .marketInvalidName(index: 1, name: "", .empty),
            .marketClashesWithStore(index: 2, name: "AGNI", existing: "Agni"),
            .marketClashesWithinDocument(index: 4, name: "rattle", otherIndex: 3),
            .marketIDRepeated(index: 5, id: fixedID(5), otherIndex: 1),
            .marketIDOfSubmission(index: 6, id: fixedID(6)),
            .submissionIDRepeated(index: 2, id: fixedID(7), otherIndex: 1),
            .submissionIDOfMarket(index: 3, id: fixedID(8), market: "Agni"),
            .submissionMarketMissing(index: 4, market: fixedID(9)),
            .submissionWithoutPieces(index: 5),
        ]
        let result = report(ProjectStoreError.importRejected(problems))
        checkShape(result)
        #expect(result.status == .refused)
        let lines = result.text.lines.dropLast()
        #expect(lines.count == 1 + problems.count)
        #expect(lines[1].hasPrefix("  market 1: "))
        #expect(lines[2].contains("“AGNI”") && lines[2].contains("“Agni”") && lines[2].contains("markets"))
        #expect(lines[3].contains("market 4") && lines[3].contains("market 3"))
        #expect(lines[4].contains(fixedID(5).lowercasedString) && lines[4].contains("market 1"))
        #expect(lines[5].contains(fixedID(6).lowercasedString) && lines[5].contains("submissions"))
        #expect(lines[6] == "  submission 2: the id \(fixedID(7).lowercasedString) is also the id of submission 1 of the document.")
        #expect(lines[7].contains(fixedID(8).lowercasedString) && lines[7].contains("“Agni”"))
        #expect(lines[8].hasPrefix("  submission 4: ") && lines[8].contains(fixedID(9).lowercasedString))
        #expect(lines[9].hasPrefix("  submission 5: "))
    }

    @Test func importRejectedWithOneProblemIsSingular() {
        let result = report(ProjectStoreError.importRejected([.idInStore(index: 1, id: fixedID(1))]))
        #expect(result.text.contains("this problem"))
    }

    // MARK: The store cannot be used: 3

    @Test(arguments: [
        StorageError.unreadable(path: "/data/store one.json", code: EACCES),
        .invalid(path: "/data/store one.json", .syntax(line: 3, column: 14)),
        .invalid(path: "/data/store one.json", .newerVersion(7)),
        .invalid(path: "/data/store one.json", .missingField("projects", project: nil)),
        .busy(path: "/data/store one.json", waitedSeconds: 5),
        .unwritable(path: "/data/store one.json", code: ENOSPC),
        .notAFile(path: "/data/store one.json"),
    ])
    func storageErrors(_ error: StorageError) {
        let result = report(ProjectStoreError.storage(error))
        checkShape(result)
        #expect(result.status == .unavailable)
        #expect(result.status.rawValue == 3)
        #expect(result.text.contains("/data/store one.json"))
    }

    @Test func storageErrorDetails() {
        #expect(report(ProjectStoreError.storage(.invalid(path: "/s", .syntax(line: 3, column: 14)))).text.contains("line 3, column 14"))
        #expect(report(ProjectStoreError.storage(.invalid(path: "/s", .newerVersion(7)))).text.contains("7"))
        #expect(report(ProjectStoreError.storage(.busy(path: "/s", waitedSeconds: 5))).text.contains("busy"))
        let denied = report(ProjectStoreError.storage(.unreadable(path: "/s", code: EACCES))).text
        #expect(denied.contains(Localizer(language: "en").text("system.eacces")))
    }

    /// A damaged store names the way back; one from a newer version is not damaged, and does not.
    @Test func damagedStoreNamesTheRebuild() {
        for problem in [DocumentProblem.syntax(line: 1, column: 1), .empty, .notUTF8, .missingField("projects", project: nil)] {
            let lines = report(ProjectStoreError.storage(.invalid(path: "/s", problem))).text.split(separator: "\n")
            #expect(lines.count == 2 && lines[1].hasPrefix("Or rebuild the list from its history: project history --rebuild"), "\(lines)")
        }
        #expect(!report(ProjectStoreError.storage(.invalid(path: "/s", .newerVersion(7)))).text.contains("--rebuild"))
        #expect(!report(ProjectStoreError.storage(.unwritable(path: "/s", code: ENOSPC))).text.contains("--rebuild"))
    }

    @Test func notAFileAndNotAFolder() {
        let store = report(ProjectStoreError.storage(.notAFile(path: "/dev/null")))
        #expect(store.status == .unavailable)
        #expect(store.text.hasPrefix("Error: The store /dev/null is not a regular file."))
        let shared = report(ProjectStoreError.sharedFile(.notAFile(path: "/r/.project/machines/a")))
        #expect(shared.status == .unavailable && shared.text.contains("/r/.project/machines/a, a file of the shared list, is not a regular file"))
        let root = report(ProjectStoreError.rootNotAFolder(path: "/home/me/notes.txt"))
        #expect(root.status == .unavailable)
        #expect(root.text.hasPrefix("Error: The root /home/me/notes.txt is not a folder"))
        #expect(!root.text.contains("File exists"))
    }

    @Test(arguments: [
        (DocumentProblem.wrongKind(field: nil, project: nil, expected: .object, found: .array),
         "expected an object with a \"projects\" array, found an array"),
        (.wrongKind(field: "projects", project: nil, expected: .array, found: .object), "expected \"projects\" to be an array, found an object"),
        (.wrongKind(field: nil, project: 2, expected: .object, found: .boolean), "project 2: expected an object, found true or false"),
        (.wrongKind(field: "version", project: nil, expected: .number, found: .null), "expected \"version\" to be a number, found null"),
    ])
    func wrongKindSaysWhatWasExpectedAndFound(_ problem: DocumentProblem, _ words: String) {
        let result = report(CommandError.importInvalid(path: "/in.json", problem))
        #expect(result.text == "Error: The import document /in.json cannot be used: \(words). Nothing was imported.\n")
    }

    @Test func standardInputIsCalledSo() {
        #expect(report(CommandError.importInvalid(path: "-", .syntax(line: 2, column: 3))).text
            == "Error: The import document on standard input cannot be used: the JSON is not valid at line 2, column 3. Nothing was imported.\n")
        #expect(report(CommandError.importInvalid(path: "-", .newerVersion(9))).text.hasPrefix("Error: The import document on standard input was written by a newer version"))
        #expect(report(CommandError.importUnreadable(path: "-", code: EIO)).text.hasPrefix("Error: Cannot read the import document from standard input: "))
    }

    // MARK: Usage errors: 2

    @Test(arguments: [
        UsageError.unknownCommand("lst", suggestion: "list"),
        .unknownCommand("frob", suggestion: nil),
        .unknownOption("--sotr", command: "list", suggestion: "--sort"),
        .unknownOption("-x", command: "show", suggestion: nil),
        .unknownOption("--frob", command: nil, suggestion: nil),
        .missingValue(option: "--type", command: "add"),
        .unexpectedValue(option: "--yes", command: "delete"),
        .missingArgument(placeholder: "placeholder.project", command: "show"),
        .extraArgument("Novel", command: "add"),
        .repeatedOption(option: "--type", command: "add"),
        .conflictingOptions(["--to", "--top"], command: "move"),
        .missingChoice(["--to", "--top"], command: "move"),
        .missingChoice(["--details"], command: "edit"),
        .badValue(option: "--type", value: "novels", expected: .kind, command: "add"),
        .badValue(option: "--sort", value: "size", expected: .order, command: "list"),
        .badValue(option: "--to", value: "two", expected: .positiveNumber, command: "move"),
        .badValue(option: "--target", value: "x", expected: .wordTarget(grouped: "80,000"), command: "edit"),
        .badValue(option: "--target", value: "1.5", expected: .wholeWords(grouped: "80,000"), command: "edit"),
        .badValue(option: "--target", value: "1000000001", expected: .inRange(.wordTarget, minimum: "1", maximum: "1,000,000,000"), command: "edit"),
        .badValue(option: "--response-days", value: "3651", expected: .inRange(.responseDays, minimum: "1", maximum: "3,650"), command: "market"),
        .badValue(option: "--due", value: "2027-02-30", expected: .date, command: "add"),
        .needsTerminal(argument: "placeholder.name", command: "add"),
    ])
    func usageErrors(_ error: UsageError) {
        let result = report(error)
        checkShape(result)
        #expect(result.status == .usage)
        #expect(result.status.rawValue == 2)
        let lines = result.text.lines.dropLast()
        #expect(lines.count == 2)
        if let command = error.command {
            #expect(lines.last == "Run 'project help \(command)' for its usage.")
        } else {
            #expect(lines.last == "Run 'project help' for the commands.")
        }
    }

    @Test func badTargetsAndDatesSayWhatIsExpected() {
        let target = report(UsageError.badValue(option: "--target", value: "many", expected: .wordTarget(grouped: "80,000"), command: "edit")).text
        #expect(target.contains("“many” is not a valid value for --target: use a whole number of words, such as 80000 or 80,000; 0 or an empty value clears the target."))
        let decimal = report(UsageError.badValue(option: "--target", value: "1,5", expected: .wholeWords(grouped: "80,000"), command: "edit")).text
        #expect(decimal.contains("“1,5” is not a valid value for --target: it may be a decimal, but a target is a whole number of words, such as 80000 or 80,000."))
        let due = report(UsageError.badValue(option: "--due", value: "2027-02-30", expected: .date, command: "add")).text
        #expect(due.contains("“2027-02-30” is not a valid value for --due: use a real date as YYYY-MM-DD, such as 2027-03-31; an empty value clears it."))
    }

    @Test func usageErrorsNameTheValueConcerned() {
        #expect(report(UsageError.unknownCommand("lst", suggestion: "list")).text.contains("'project list'"))
        #expect(report(UsageError.unknownCommand("lst", suggestion: "list")).text.contains("'project lst'"))
        #expect(report(UsageError.unknownOption("--sotr", command: "list", suggestion: "--sort")).text.contains("--sotr"))
        #expect(report(UsageError.unknownOption("--sotr", command: "list", suggestion: "--sort")).text.contains("Did you mean --sort?"))
        #expect(report(UsageError.missingValue(option: "--type", command: "add")).text.contains("--type"))
        #expect(report(UsageError.missingArgument(placeholder: "placeholder.project", command: "show")).text.contains("<project>"))
        #expect(report(UsageError.extraArgument("Novel", command: "add")).text.contains("“Novel”"))
        #expect(report(UsageError.conflictingOptions(["--to", "--top"], command: "move")).text.contains("--to, --top"))
        #expect(report(UsageError.needsTerminal(argument: "placeholder.new-name", command: "rename")).text.contains("<new-name>"))
    }

    @Test func badValuesListWhatIsAccepted() {
        let kind = report(UsageError.badValue(option: "--type", value: "novels", expected: .kind, command: "add")).text
        #expect(kind.contains("“novels”"))
        #expect(kind.contains("--type"))
        for identifier in ["blank", "novel", "poetry", "script", "short-story"] {
            #expect(kind.contains(identifier))
        }
        let order = report(UsageError.badValue(option: "--sort", value: "size", expected: .order, command: "list")).text
        #expect(order.contains("“size”") && order.contains("name, date, user"))
    }

    @Test func badValueWithControlCharactersIsMadeVisible() {
        let result = report(UsageError.badValue(option: "--type", value: "\u{1B}[2J", expected: .kind, command: "add"))
        #expect(!result.text.hasRawControl)
        #expect(result.text.contains("^[[2J"))
    }

    // MARK: The command line's own refusals

    @Test func commandErrors() {
        let cancelled = report(CommandError.cancelled)
        checkShape(cancelled)
        #expect(cancelled.status == .refused)

        let needsYes = report(CommandError.deleteNeedsConfirmation(novel))
        checkShape(needsYes)
        #expect(needsYes.status == .refused)
        #expect(needsYes.text.contains("“My Novel”"))
        #expect(needsYes.text.contains("--yes"))

        let unreadable = report(CommandError.importUnreadable(path: "/tmp/backup.json", code: ENOENT))
        checkShape(unreadable)
        #expect(unreadable.status == .refused)
        #expect(unreadable.text.contains("/tmp/backup.json"))
        #expect(unreadable.text.contains(Localizer(language: "en").text("system.enoent")))

        let invalid = report(CommandError.importInvalid(path: "/tmp/backup.json", .syntax(line: 2, column: 5)))
        checkShape(invalid)
        #expect(invalid.status == .refused)
        #expect(invalid.text.contains("/tmp/backup.json"))
        #expect(invalid.text.contains("line 2, column 5"))

        let newer = report(CommandError.importInvalid(path: "/tmp/backup.json", .newerVersion(5)))
        checkShape(newer)
        #expect(newer.status == .refused)
        #expect(newer.text.contains("/tmp/backup.json") && newer.text.contains("5"))

        let nowhere = report(CommandError.noStoreLocation)
        checkShape(nowhere)
        #expect(nowhere.status == .unavailable)
        #expect(nowhere.text.contains("--store"))
        #expect(nowhere.text.contains("PROJECT_STORE"))
    }

    @Test func documentProblemsAreDescribed() {
        let problems: [DocumentProblem] = [
            .empty, .notUTF8, .syntax(line: 1, column: 2), .missingField("version", project: nil),
            .missingField("name", project: 3), .wrongValue(field: "type", value: "epic", project: 2),
            .wrongValue(field: "sort", value: "size", project: nil), .duplicateName("Twins"),
            .duplicateID(fixedID(9)), .newerVersion(2),
        ]
        for problem in problems {
            let text = ErrorReport.describe(problem, english)
            #expect(!text.isEmpty)
            #expect(!text.hasPrefix("document."), "no English text for \(problem)")
        }
        #expect(ErrorReport.describe(.wrongValue(field: "type", value: "epic", project: 2), english).contains("epic"))
        #expect(ErrorReport.describe(.missingField("name", project: 3), english).contains("3"))
        #expect(ErrorReport.describe(.duplicateName("Twins"), english).contains("Twins"))
    }

    @Test("a change made but not recorded never says that nothing was changed, and is told once")
    func unrecordedChangeWarning() {
        let terminal = FakeTerminal()
        let warning = HistoryWarning(terminal: terminal, localizer: english, locales: LocaleSettings(environment: ["LANG": "C.UTF-8", "TZ": "UTC"]))
        warning.warn(.storage(.unwritable(path: "/data/projects.json.history", code: EFAULT)))
        warning.warn(.storage(.unwritable(path: "/data/projects.json.history", code: EIO)))
        #expect(terminal.errorText.hasPrefix("Warning: this change was made but not recorded in the history, so it cannot be undone: cannot write /data/projects.json.history: "))
        #expect(!terminal.errorText.contains("Nothing was changed"))
        #expect(terminal.errorText.filter { $0 == "\n" }.count == 1)
    }

    @Test("a history that cannot be read for now is not advised cleared; a damaged one is, after keeping a copy")
    func historyAdvice() {
        let passing = report(ProjectStoreError.historyUnavailable(path: "/h", code: EIO))
        checkShape(passing)
        #expect(!passing.text.contains("--clear") && passing.text.contains("try again"))
        let damaged = report(ProjectStoreError.historyUnreadable(path: "/h", .syntax(line: 3, column: 1)))
        checkShape(damaged)
        #expect(damaged.text.contains("keep a copy of it, then start a new history with: project history --clear"))
        let lost = report(ProjectStoreError.storeLost(LostStore(path: "/s.json", changes: 3, last: Date(timeIntervalSince1970: 0))))
        checkShape(lost)
        #expect(lost.status == .unavailable)
        #expect(lost.text.contains("The store /s.json is not there, but its history records 3 changes made to it, the last on 1970-01-01T00:00:00.000Z"))
        #expect(lost.text.contains("project history --rebuild"))
        // With the writer's locale, the date is in their words.
        let dates = DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        let worded = ErrorReport(ProjectStoreError.storeLost(LostStore(path: "/s.json", changes: 3, last: Date(timeIntervalSince1970: 0))),
                                 localizer: Localizer(language: "en"), dates: dates)
        #expect(worded.text.contains("the last on January 1, 1970 at 12:00:00"), "\(worded.text)")
        let unrecorded = ErrorReport(ProjectStoreError.unrecordedChange(at: Date(timeIntervalSince1970: 0)), localizer: Localizer(language: "en"), dates: dates)
        #expect(unrecorded.text.contains("made on January 1, 1970 at 12:00:00"), "\(unrecorded.text)")
    }
}
