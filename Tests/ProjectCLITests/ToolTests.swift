import Foundation
import Testing
@testable import ProjectCLI
import ProjectStore

/// `ProjectTool.run` end to end in memory: a fake terminal and a store in a fresh folder.
@Suite struct ToolTests {
    // MARK: add

    @Test func addCreatesAProject() throws {
        let tool = try ToolHarness()
        let result = tool.run(["add", "My Novel", "--type", "novel", "-d", "Due in March"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Created “My Novel” (Novel), number 1 in your own order, id "))
        #expect(result.error == "")
        let projects = tool.projects()
        #expect(projects.count == 1)
        #expect(projects.first?["name"] as? String == "My Novel")
        #expect(projects.first?["type"] as? String == "novel")
        #expect(projects.first?["details"] as? String == "Due in March")
        #expect(projects.first?["position"] as? Int == 1)
        // The id in the message is the start of the project's id.
        let id = try #require(projects.first?["id"] as? String)
        #expect(result.output.contains("id \(id.prefix(8))"))
    }

    @Test func addDefaultsToBlankAndGoesToTheEnd() throws {
        let tool = try ToolHarness()
        tool.add("First", "-t", "poetry")
        let result = tool.run(["add", "Second"])
        #expect(result.status == 0)
        #expect(result.output.contains("(Blank), number 2"))
        #expect(tool.names() == ["First", "Second"])
        #expect(tool.projects().last?["type"] as? String == "blank")
        #expect(tool.projects().last?["details"] is NSNull)
    }

    @Test func addTrimsTheName() throws {
        let tool = try ToolHarness()
        tool.add("  Spaced Out \t")
        #expect(tool.names() == ["Spaced Out"])
    }

    @Test func addAfterDoubleDash() throws {
        let tool = try ToolHarness()
        let result = tool.run(["add", "-t", "script", "--", "-draft-"])
        #expect(result.status == 0)
        #expect(tool.names() == ["-draft-"])
        #expect(tool.projects().first?["type"] as? String == "script")
    }

    @Test func addWithKindSpelledAsAPerson() throws {
        let tool = try ToolHarness()
        tool.add("Tales", "--type", "Short Story")
        tool.add("More Tales", "--type=SHORT_STORY")
        #expect(tool.projects().map { $0["type"] as? String } == ["short-story", "short-story"])
    }

    @Test func addWithBadKind() throws {
        let tool = try ToolHarness()
        let result = tool.run(["add", "Tales", "--type", "epic"])
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.error.contains("“epic”"))
        #expect(result.error.contains("short-story"))
        #expect(result.error.hasSuffix("Run 'project help add' for its usage.\n"))
        #expect(tool.storeBytes() == nil)
    }

    @Test func addDuplicateWithoutTerminalIsRefused() throws {
        let tool = try ToolHarness()
        tool.add("My Novel")
        let result = tool.run(["add", "MY NOVEL"])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.error.hasPrefix("Error: "))
        #expect(result.error.contains("“My Novel”"))
        #expect(result.terminal.reads == 0)
        #expect(tool.names() == ["My Novel"])
    }

    @Test func addDuplicateOnATerminalAsksForAnotherName() throws {
        let tool = try ToolHarness()
        tool.add("My Novel")
        let result = tool.run(["add", "my novel", "-t", "novel"], input: ["", "My Novel", "My Second Novel"], interactive: true)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Created “My Second Novel” (Novel), number 2"))
        // Each refusal is explained, then another name is asked for.
        #expect(result.error.components(separatedBy: "Another name:").count == 4)
        #expect(result.error.contains("empty"))
        #expect(result.error.contains("There is already a project named “My Novel”"))
        #expect(!result.output.contains("Another name"))
        #expect(tool.names() == ["My Novel", "My Second Novel"])
    }

    @Test func addRetryEndsAtEndOfInput() throws {
        let tool = try ToolHarness()
        tool.add("My Novel")
        let result = tool.run(["add", "My Novel"], input: [], interactive: true)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.error.contains("Another name:"))
        #expect(result.error.contains("Canceled"))
        #expect(tool.names() == ["My Novel"])
    }

    @Test func addInvalidNameOnATerminalAsksAgain() throws {
        let tool = try ToolHarness()
        let result = tool.run(["add", "Bad\u{1B}Name"], input: ["Good Name"], interactive: true)
        #expect(result.status == 0)
        #expect(result.error.contains("Bad^[Name"))
        #expect(!result.error.hasRawControl)
        #expect(tool.names() == ["Good Name"])
    }

    @Test func addRefusesBadNamesWithoutTerminal() throws {
        let tool = try ToolHarness()
        for name in ["", "   ", "Tab\there", "New\nline", String(repeating: "x", count: 256)] {
            let result = tool.run(["add", name])
            #expect(result.status == 1, "\(name.debugDescription)")
            #expect(result.error.hasPrefix("Error: "))
            #expect(!result.error.hasRawControl)
        }
        #expect(tool.names().isEmpty)
        tool.add(String(repeating: "x", count: 255))
        #expect(tool.names().count == 1)
    }

    @Test func addWithoutNameAndTerminalIsAUsageError() throws {
        let tool = try ToolHarness()
        let result = tool.run(["add", "-t", "novel"])
        #expect(result.status == 2)
        #expect(result.error.contains("<name>"))
        #expect(result.error.hasSuffix("Run 'project help add' for its usage.\n"))
        #expect(tool.storeBytes() == nil)
    }

    @Test func addWithoutNameOnATerminalAsksForEverything() throws {
        let tool = try ToolHarness()
        let result = tool.run(["add"], input: ["My Poems", "3", "For Anna"], interactive: true)
        #expect(result.status == 0)
        #expect(result.error.contains("Name:"))
        #expect(result.error.contains("1) Blank"))
        #expect(result.error.contains("5) Short story"))
        #expect(result.error.contains("Details"))
        #expect(result.output.hasPrefix("Created “My Poems” (Poetry)"))
        let created = try #require(tool.projects().first)
        #expect(created["name"] as? String == "My Poems")
        #expect(created["type"] as? String == "poetry")
        #expect(created["details"] as? String == "For Anna")
    }

    @Test func addPromptDefaultsAndRetries() throws {
        let tool = try ToolHarness()
        // An empty kind answer takes blank; an empty details answer leaves none.
        #expect(tool.run(["add"], input: ["Plain", "", ""], interactive: true).status == 0)
        // A wrong choice is explained and asked again; a kind may be typed by name.
        let retried = tool.run(["add"], input: ["Play", "9", "script", ""], interactive: true)
        #expect(retried.status == 0)
        #expect(retried.error.contains("“9” is not one of the choices"))
        // Options given on the command line are not asked for.
        let partly = tool.run(["add", "-t", "novel", "-d", "given"], input: ["Book"], interactive: true)
        #expect(partly.status == 0)
        #expect(!partly.error.contains("1) Blank"))
        #expect(partly.terminal.reads == 1)
        let projects = tool.projects()
        #expect(projects.map { $0["type"] as? String } == ["blank", "script", "novel"])
        #expect(projects[0]["details"] is NSNull)
        #expect(projects[1]["details"] is NSNull)
        #expect(projects[2]["details"] as? String == "given")
    }

    @Test func addPromptCancelledAtEndOfInput() throws {
        let tool = try ToolHarness()
        let result = tool.run(["add"], input: ["Half done"], interactive: true)
        #expect(result.status == 1)
        #expect(result.error.contains("Canceled"))
        #expect(tool.names().isEmpty)
    }

    @Test func numberLikeNameIsAName() throws {
        let tool = try ToolHarness()
        tool.add("Alpha")
        tool.add("1984")
        tool.add("2")
        let show = tool.run(["show", "1984", "--json"])
        #expect(show.status == 0)
        #expect(show.output.contains("\"name\": \"1984\""))
        let move = tool.run(["move", "2", "--to", "1"])
        #expect(move.status == 0)
        #expect(tool.names() == ["2", "Alpha", "1984"])
    }

    // MARK: list

    @Test func emptyListInvitesToAdd() throws {
        let tool = try ToolHarness()
        let result = tool.run(["list"])
        #expect(result.status == 0)
        #expect(result.output.contains("project add"))
        #expect(result.error == "")
        let json = tool.run(["list", "--json"])
        #expect(json.status == 0)
        #expect(json.output == "[]\n")
        #expect(tool.storeBytes() == nil, "reading must not create the store")
    }

    @Test func listInTheSavedOrder() throws {
        let tool = try ToolHarness()
        for name in ["Draft 10", "beta", "Draft 2", "Alpha"] { tool.add(name) }
        let byName = tool.run(["list"])
        #expect(byName.status == 0)
        #expect(byName.output.lines.dropLast().map { $0.components(separatedBy: "  ")[0] }
            == ["Alpha", "beta", "Draft 2", "Draft 10"])
        #expect(byName.error == "")

        let user = tool.run(["list", "--sort", "user"])
        let userLines = user.output.lines.dropLast()
        #expect(userLines.map { $0.components(separatedBy: "  ").prefix(2).joined(separator: "|") }
            == ["1|Draft 10", "2|beta", "3|Draft 2", "4|Alpha"])

        #expect(tool.run(["sort", "user"]).status == 0)
        #expect(tool.run(["list"]).output == user.output)
        // Another order on request, then back: the writer's order is unchanged.
        #expect(tool.run(["list", "-s", "name"]).output == byName.output)
        #expect(tool.run(["list"]).output == user.output)
    }

    @Test func listSummaryOnlyOnATerminal() throws {
        let tool = try ToolHarness()
        tool.add("One")
        tool.add("Two")
        let piped = tool.run(["list"])
        #expect(piped.output.lines.dropLast().count == 2)
        #expect(!piped.output.contains("2 projects"))
        let shown = tool.run(["list"], outputIsTerminal: true)
        #expect(shown.output.lines.dropLast().count == 3)
        #expect(shown.output.hasSuffix("2 projects, by name.\n"))
        let filtered = tool.run(["list", "--search", "one", "--sort", "user"], outputIsTerminal: true)
        #expect(filtered.output.hasSuffix("1 project, in your own order.\n"))
    }

    @Test func listFilters() throws {
        let tool = try ToolHarness()
        tool.add("Café Stories", "-t", "short-story")
        tool.add("Cafe Society", "-t", "novel")
        tool.add("Night Poems", "-t", "poetry")
        let search = tool.run(["list", "--search", "CAFE", "--json"])
        #expect(search.status == 0)
        let found = try JSONSerialization.jsonObject(with: Data(search.output.utf8)) as? [[String: Any]]
        #expect(found?.compactMap { $0["name"] as? String }.sorted() == ["Cafe Society", "Café Stories"])
        let accented = tool.run(["list", "--search", "café"])
        #expect(accented.output.contains("Café Stories") && accented.output.contains("Cafe Society"))
        #expect(!accented.output.contains("Night Poems"))
        let kind = tool.run(["list", "--type", "Short Story"])
        #expect(kind.output.contains("Café Stories"))
        #expect(!kind.output.contains("Cafe Society"))
        let both = tool.run(["list", "--type", "poetry", "--search", "cafe"])
        #expect(both.status == 0)
        #expect(both.output.contains("No project matches"))
        let badKind = tool.run(["list", "--type", "poems"])
        #expect(badKind.status == 2)
        let badOrder = tool.run(["list", "--sort", "size"])
        #expect(badOrder.status == 2)
        #expect(badOrder.error.contains("name, date, user"))
    }

    @Test func emptySearchKeepsEveryName() throws {
        // Every name contains the empty text.
        let tool = try ToolHarness()
        tool.add("One")
        tool.add("Two")
        let result = tool.run(["list", "--search", ""])
        #expect(result.status == 0)
        #expect(result.output.contains("One") && result.output.contains("Two"))
    }

    @Test func listJSON() throws {
        let tool = try ToolHarness()
        tool.add("Second", "-t", "short-story", "-d", "line one\nline two")
        tool.add("First", "-t", "novel")
        let result = tool.run(["list", "--json"])
        #expect(result.status == 0)
        let projects = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        // Sorted by name, positions still the writer's.
        #expect(projects.map { $0["name"] as? String } == ["First", "Second"])
        #expect(projects.map { $0["position"] as? Int } == [2, 1])
        #expect(projects[1]["type"] as? String == "short-story")
        #expect(projects[1]["details"] as? String == "line one\nline two")
        #expect(projects[0]["details"] is NSNull)
        for project in projects {
            #expect(Set(project.keys) == ["id", "name", "type", "created", "details", "position", "folder", "target", "due"])
            let id = try #require(project["id"] as? String)
            #expect(id == id.lowercased() && UUID(uuidString: id) != nil)
            let created = try #require(project["created"] as? String)
            #expect(created.contains(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/))
        }
    }

    @Test func listColumnsAlignedWithWideNames() throws {
        let tool = try ToolHarness()
        tool.add("東京 Stories", "-t", "novel")
        tool.add("A", "-t", "short-story")
        tool.add("📚 Shelf", "-t", "poetry")
        let result = tool.run(["list", "--sort", "user"])
        let lines = result.output.lines.dropLast()
        #expect(lines.count == 3)
        let columns = try zip(lines, ["Novel", "Short story", "Poetry"]).map { line, kind in
            try #require(column(of: "  " + kind, in: line)) + 2
        }
        #expect(Set(columns).count == 1, "kind columns: \(columns)")
    }

    // MARK: show

    @Test func showByNameIdAndPrefix() throws {
        let tool = try ToolHarness()
        tool.add("My Novel", "-t", "novel", "-d", "Act one\nAct two")
        tool.add("Other")
        let id = try #require(tool.projects().first?["id"] as? String)
        for reference in ["My Novel", "my novel", "  MY NOVEL ", id, String(id.prefix(4)), id.uppercased()] {
            let result = tool.run(["show", reference])
            #expect(result.status == 0, "show \(reference)")
            #expect(result.output.contains("My Novel"))
            #expect(result.output.contains("1 of 2 in your own order"))
            #expect(result.output.contains(id))
            #expect(result.output.contains("Novel"))
        }
        let text = tool.run(["show", "My Novel"]).output
        let lines = text.lines
        let details = try #require(lines.firstIndex { $0.hasPrefix("Details") })
        #expect(lines[details].hasSuffix("Act one"))
        #expect(lines[details + 1].trimmingCharacters(in: .whitespaces) == "Act two")
        #expect(lines[details + 1].hasPrefix("  "))
    }

    @Test func showJSON() throws {
        let tool = try ToolHarness()
        tool.add("Only", "-t", "script")
        let result = tool.run(["show", "only", "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "Only")
        #expect(object["type"] as? String == "script")
        #expect(object["position"] as? Int == 1)
        #expect(object["details"] is NSNull)
    }

    @Test func showUnknown() throws {
        let tool = try ToolHarness()
        tool.add("Known")
        let result = tool.run(["show", "Unknown Book"])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.error.contains("“Unknown Book”"))
    }

    @Test func showMakesStoredControlCharactersVisible() throws {
        let tool = try ToolHarness()
        tool.add("Evil", "-d", "\u{1B}]0;pwned\u{7}\u{1B}[2J tail")
        let result = tool.run(["show", "Evil"])
        #expect(result.status == 0)
        #expect(!result.output.hasRawControl)
        #expect(result.output.contains("^[]0;pwned^G^[[2J tail"))
    }

    // MARK: rename and edit

    @Test func renameKeepsEverythingElse() throws {
        let tool = try ToolHarness()
        tool.add("Old Name", "-t", "poetry", "-d", "kept")
        tool.add("Other")
        let before = try #require(tool.projects().first)
        let result = tool.run(["rename", "old name", "New Name"])
        #expect(result.status == 0)
        #expect(result.output == "Renamed “Old Name” to “New Name”.\nIts folder is now \(tool.root)/New Name.\n")
        let after = try #require(tool.projects().first)
        #expect(after["name"] as? String == "New Name")
        for key in ["id", "type", "created", "details", "position"] {
            #expect("\(before[key]!)" == "\(after[key]!)", "\(key) changed")
        }
    }

    @Test func renameToItsOwnNameInAnotherCase() throws {
        let tool = try ToolHarness()
        tool.add("my novel")
        #expect(tool.run(["rename", "my novel", "My Novel"]).status == 0)
        #expect(tool.names() == ["My Novel"])
    }

    /// Nothing to rename is said, and not recorded: undo then takes back the change before.
    @Test(arguments: [["Winter", "Winter"], ["winter", "Winter"], ["WINTER", "Winter"]])
    func renameToTheVeryName(_ arguments: [String]) throws {
        let tool = try ToolHarness()
        tool.add("Winter")
        tool.add("Spring")
        let (store, history) = (tool.storeBytes(), tool.historyBytes())
        let result = tool.run(["rename"] + arguments)
        #expect(result.status == 0)
        #expect(result.output == "“Winter” already has that name: nothing changed.\n")
        #expect(tool.storeBytes() == store)
        #expect(tool.historyBytes() == history)
        #expect(tool.run(["undo"]).output.contains("“Spring”"))
        #expect(tool.names() == ["Winter"])
    }

    @Test func renameToAnotherProjectsName() throws {
        let tool = try ToolHarness()
        tool.add("One")
        tool.add("Two")
        let refused = tool.run(["rename", "One", "TWO"])
        #expect(refused.status == 1)
        #expect(refused.error.contains("“Two”"))
        let retried = tool.run(["rename", "One", "TWO"], input: ["Three"], interactive: true)
        #expect(retried.status == 0)
        #expect(retried.error.contains("Another name:"))
        #expect(tool.names() == ["Three", "Two"])
    }

    @Test func renameWithoutNewName() throws {
        let tool = try ToolHarness()
        tool.add("Old")
        let script = tool.run(["rename", "Old"])
        #expect(script.status == 2)
        #expect(script.error.contains("<new-name>"))
        let asked = tool.run(["rename", "Old"], input: ["Fresh"], interactive: true)
        #expect(asked.status == 0)
        #expect(asked.error.contains("New name for “Old”:"))
        #expect(tool.names() == ["Fresh"])
        let unknown = tool.run(["rename", "Nothing"], input: ["X"], interactive: true)
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("“Nothing”"))
    }

    @Test func editSetsAndClearsDetails() throws {
        let tool = try ToolHarness()
        tool.add("Book")
        let set = tool.run(["edit", "Book", "-d", "Second draft"])
        #expect(set.status == 0)
        #expect(set.output == "Updated the details of “Book”.\n")
        #expect(tool.projects().first?["details"] as? String == "Second draft")
        let cleared = tool.run(["edit", "Book", "--details="])
        #expect(cleared.status == 0)
        #expect(cleared.output == "Cleared the details of “Book”.\n")
        #expect(tool.projects().first?["details"] is NSNull)
        #expect(tool.run(["edit", "Book"]).status == 2)
        #expect(tool.run(["edit", "Nope", "-d", "x"]).status == 1)
    }

    /// An edit that leaves every value as it was says so and records nothing.
    @Test(arguments: [["--target", "0"], ["--target="], ["--due="], ["-d", "notes"], ["-d", "notes", "--target", "0", "--due="]])
    func editThatChangesNothing(_ options: [String]) throws {
        let tool = try ToolHarness()
        tool.add("Book", "-d", "notes")
        tool.add("Other")
        let (store, history) = (tool.storeBytes(), tool.historyBytes())
        let result = tool.run(["edit", "Book"] + options)
        #expect(result.status == 0)
        #expect(result.output == "“Book” already has these values: nothing changed.\n")
        #expect(tool.storeBytes() == store)
        #expect(tool.historyBytes() == history)
        #expect(tool.run(["undo"]).output.contains("“Other”"))
    }

    /// The tool reads a target as it writes it: `90,000` in English; `1,5` may be a decimal.
    @Test func targetsAsTheToolWritesThem() throws {
        let tool = try ToolHarness()
        let english = tool.environment.merging(["LANG": "en_US.UTF-8"]) { $1 }
        tool.add("Book", "--target", "90,000")
        #expect(tool.projects().first?["target"] as? Int == 90_000)
        let shown = tool.run(["edit", "Book", "--target", "1,250,000"], environment: english)
        #expect(shown.output == "The target of “Book”: 1,250,000 words.\n")
        for typed in ["1,5", "80,5", "80.000", "1.5"] {
            let refused = tool.run(["edit", "Book", "--target", typed], environment: english)
            #expect(refused.status == 2)
            #expect(refused.error.hasPrefix("Error: “\(typed)” is not a valid value for --target: it may be a decimal, but a target is a whole number of words, such as 80000 or 80,000.\n"))
        }
        #expect(tool.projects().first?["target"] as? Int == 1_250_000)
    }

    @Test func editReportsOnlyWhatChanged() throws {
        let tool = try ToolHarness()
        tool.add("Book", "-d", "notes")
        let result = tool.run(["edit", "Book", "-d", "notes", "--target", "5000", "--due="])
        #expect(result.status == 0)
        #expect(result.output == "The target of “Book”: 5,000 words.\n")
    }

    // MARK: delete

    @Test func deleteWithYes() throws {
        let tool = try ToolHarness()
        for name in ["A", "B", "C"] { tool.add(name) }
        let result = tool.run(["delete", "b", "--yes"])
        #expect(result.status == 0)
        #expect(result.output == "Deleted “B”.\nIts folder, holding 0 files, was moved to \(tool.root)/.trash/B.\n")
        #expect(result.terminal.reads == 0)
        #expect(tool.names() == ["A", "C"])
        #expect(tool.projects().map { $0["position"] as? Int } == [1, 2])
    }

    @Test func deleteWithoutTerminalNeedsYes() throws {
        let tool = try ToolHarness()
        tool.add("Keep Me")
        let before = tool.storeBytes()
        let result = tool.run(["delete", "Keep Me"])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.error.contains("--yes"))
        #expect(result.error.contains("“Keep Me”"))
        #expect(result.terminal.reads == 0)
        #expect(tool.storeBytes() == before)
    }

    /// No is an answer, not an error: as `rm -i` and git answered no, the tool exits 0.
    @Test(arguments: ["n", "", "no", "N", "nope", "yes please", "oui"])
    func deleteDeclined(_ answer: String) throws {
        let tool = try ToolHarness()
        tool.add("Keep Me")
        let before = tool.storeBytes()
        let result = tool.run(["delete", "Keep Me"], input: [answer], interactive: true)
        #expect(result.status == 0)
        #expect(result.output == "")
        #expect(result.error == "Delete “Keep Me”? Its folder \(tool.root)/Keep Me (0 files) will be moved to \(tool.root)/.trash; 'project undo' brings both back. [y/N] Nothing was changed: “Keep Me” is kept.\n")
        #expect(tool.names() == ["Keep Me"])
        #expect(tool.storeBytes() == before)
    }

    /// The prompt says what undo does, and it does it: the project and its folder come back.
    @Test func deletePromptTellsTheTruthAboutUndo() throws {
        let tool = try ToolHarness()
        tool.add("Goner")
        let deleted = tool.run(["delete", "Goner"], input: ["y"], interactive: true)
        #expect(deleted.error.contains("'project undo' brings both back."))
        #expect(!FileManager.default.fileExists(atPath: "\(tool.root)/Goner"))
        #expect(tool.run(["undo"]).status == 0)
        #expect(tool.names() == ["Goner"])
        #expect(FileManager.default.fileExists(atPath: "\(tool.root)/Goner"))
        tool.add("Listed", "--no-folder")
        let listed = tool.run(["delete", "Listed"], input: ["n"], interactive: true)
        #expect(listed.error.hasPrefix("Delete “Listed”? 'project undo' brings it back. [y/N] "))
    }

    @Test(arguments: ["n", "no", ""])
    func clearingTheHistoryDeclined(_ answer: String) throws {
        let tool = try ToolHarness()
        tool.add("Kept")
        let result = tool.run(["history", "--clear"], input: [answer], interactive: true)
        #expect(result.status == 0)
        #expect(result.output == "")
        #expect(result.error.hasSuffix("[y/N] Nothing was changed: the history is kept.\n"))
        #expect(!result.error.contains("Error"))
        #expect(tool.run(["undo"]).status == 0)
        #expect(tool.names() == [])
    }

    @Test(arguments: ["y", "yes", "Y", "YES", " y "])
    func deleteConfirmed(_ answer: String) throws {
        let tool = try ToolHarness()
        tool.add("Goner")
        tool.add("Stays")
        let result = tool.run(["delete", "Goner"], input: [answer], interactive: true)
        #expect(result.status == 0)
        #expect(result.output == "Deleted “Goner”.\nIts folder, holding 0 files, was moved to \(tool.root)/.trash/Goner.\n")
        #expect(result.error.contains("Delete “Goner”? Its folder \(tool.root)/Goner (0 files) will be moved to \(tool.root)/.trash; 'project undo' brings both back. [y/N]"))
        #expect(tool.names() == ["Stays"])
    }

    @Test func deleteAtEndOfInput() throws {
        let tool = try ToolHarness()
        tool.add("Keep Me")
        let result = tool.run(["delete", "Keep Me"], input: [], interactive: true)
        #expect(result.status == 1)
        #expect(result.error.contains("Canceled"))
        #expect(tool.names() == ["Keep Me"])
    }

    @Test func deleteUnknownAsksNothing() throws {
        let tool = try ToolHarness()
        tool.add("Known")
        let result = tool.run(["delete", "Unknown"], input: ["y"], interactive: true)
        #expect(result.status == 1)
        #expect(result.terminal.reads == 0)
        #expect(result.error.contains("“Unknown”"))
        #expect(tool.names() == ["Known"])
    }

    @Test func deletingTheLastProjectLeavesAnEmptyList() throws {
        let tool = try ToolHarness()
        tool.add("Only")
        #expect(tool.run(["delete", "-y", "Only"]).status == 0)
        let list = tool.run(["list"])
        #expect(list.status == 0)
        #expect(list.output.contains("project add"))
    }

    // MARK: move and sort

    @Test func moveEveryWay() throws {
        let tool = try ToolHarness()
        for name in ["A", "B", "C", "D"] { tool.add(name) }
        #expect(tool.run(["move", "D", "--to", "1"]).status == 0)
        #expect(tool.names() == ["D", "A", "B", "C"])
        #expect(tool.run(["move", "D", "--after", "b"]).status == 0)
        #expect(tool.names() == ["A", "B", "D", "C"])
        #expect(tool.run(["move", "C", "--before", "A"]).status == 0)
        #expect(tool.names() == ["C", "A", "B", "D"])
        #expect(tool.run(["move", "C", "--bottom"]).status == 0)
        #expect(tool.names() == ["A", "B", "D", "C"])
        #expect(tool.run(["move", "D", "--top"]).status == 0)
        #expect(tool.names() == ["D", "A", "B", "C"])
        #expect(tool.projects().map { $0["position"] as? Int } == [1, 2, 3, 4])
    }

    @Test func moveReportsAndNotesTheDefaultOrder() throws {
        let tool = try ToolHarness()
        for name in ["A", "B", "C"] { tool.add(name) }
        let result = tool.run(["move", "C", "--to", "2"])
        #expect(result.status == 0)
        #expect(result.output == "Moved “C” to position 2 of 3 in your own order.\n")
        #expect(result.error.contains("project list --sort user"))
        #expect(tool.run(["sort", "user"]).status == 0)
        let quiet = tool.run(["move", "C", "--top"])
        #expect(quiet.status == 0)
        #expect(quiet.error == "")
    }

    @Test func theDefaultOrderIsNotedOncePerStoreUntilItChanges() throws {
        let tool = try ToolHarness()
        for name in ["A", "B", "C"] { tool.add(name) }
        func noted(_ arguments: [String]) -> String? {
            let result = tool.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.error)")
            return result.error.isEmpty ? nil : result.error
        }
        #expect(noted(["move", "C", "--top"])?.contains("your lists are sorted by name") == true)
        // Each run reads the store anew: what was said survives from one to the next.
        #expect(noted(["move", "C", "--bottom"]) == nil)
        #expect(noted(["move", "A", "--after", "B"]) == nil)
        #expect(tool.run(["sort", "date"]).status == 0)
        #expect(noted(["move", "C", "--top"])?.contains("your lists are sorted by creation date") == true)
        #expect(noted(["move", "C", "--bottom"]) == nil)
        // The writer's own order listed by default: nothing to say.
        #expect(tool.run(["sort", "user"]).status == 0)
        #expect(noted(["move", "C", "--top"]) == nil)
        #expect(tool.run(["sort", "name"]).status == 0)
        #expect(noted(["move", "C", "--bottom"])?.contains("your lists are sorted by name") == true)
        #expect(noted(["move", "C", "--top"]) == nil)
        // Another store has its own note.
        let other = try ToolHarness()
        for name in ["X", "Y"] { other.add(name) }
        #expect(other.run(["move", "Y", "--top"]).error.contains("your lists are sorted by name"))
    }

    @Test func aStoreFromBeforeTheNoteWasRememberedIsNotedOnce() throws {
        let tool = try ToolHarness()
        for name in ["A", "B"] { tool.add(name) }
        #expect(tool.run(["move", "B", "--top"]).error != "")
        // An older version wrote no field: that store reads as not yet told, and is told once.
        let stored = String(decoding: try #require(tool.storeBytes()), as: UTF8.self)
        #expect(stored.contains("\"orderNoted\": true"))
        let older = stored.replacingOccurrences(of: ",\n  \"orderNoted\": true", with: "")
        #expect(older != stored)
        try Data(older.utf8).write(to: URL(fileURLWithPath: tool.storePath))
        #expect(tool.run(["move", "A", "--top"]).error.contains("your lists are sorted by name"))
        #expect(tool.run(["move", "B", "--top"]).error == "")
    }

    @Test func moveRefusals() throws {
        let tool = try ToolHarness()
        for name in ["A", "B", "C"] { tool.add(name) }
        let before = tool.storeBytes()
        for position in ["0", "4", "-1"] {
            let result = tool.run(["move", "A", "--to", position])
            #expect(result.status == 1, "--to \(position)")
            #expect(result.error.contains("1 to 3"))
        }
        #expect(tool.run(["move", "A", "--to", "two"]).status == 2)
        #expect(tool.run(["move", "A"]).status == 2)
        #expect(tool.run(["move", "A", "--top", "--bottom"]).status == 2)
        #expect(tool.run(["move", "A", "--after", "a"]).status == 1)
        #expect(tool.run(["move", "Z", "--top"]).status == 1)
        #expect(tool.run(["move", "A", "--before", "Z"]).status == 1)
        #expect(tool.storeBytes() == before)
    }

    @Test func sortShowsAndSavesTheDefault() throws {
        let tool = try ToolHarness()
        #expect(tool.run(["sort"]).output == "name\n")
        let saved = tool.run(["sort", "Date"])
        #expect(saved.status == 0)
        #expect(saved.output == "Lists are now sorted by creation date.\n")
        #expect(tool.run(["sort"]).output == "date\n")
        let bad = tool.run(["sort", "size"])
        #expect(bad.status == 2)
        #expect(bad.error.contains("“size”"))
        #expect(tool.run(["sort"]).output == "date\n")
    }

    @Test func types() throws {
        let tool = try ToolHarness()
        let result = tool.run(["types"])
        #expect(result.status == 0)
        let lines = result.output.lines.dropLast().enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
        #expect(result.output.lines.dropLast().count == 10)
        #expect(lines.map { $0.prefix { $0 != " " } } == ["blank", "novel", "poetry", "script", "short-story"])
        #expect(lines[4].contains("Short story"))
    }

    // MARK: export and import

    @Test func exportAndImport() throws {
        let source = try ToolHarness()
        source.add("Zeta", "-t", "novel", "-d", "z")
        source.add("Alpha", "-t", "poetry")
        #expect(source.run(["sort", "user"]).status == 0)
        let export = source.run(["export"])
        #expect(export.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(export.output.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 3)
        #expect(document["sort"] as? String == "user")
        #expect((document["projects"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Zeta", "Alpha"])

        let target = try ToolHarness()
        target.add("Existing")
        let file = target.folder + "/backup.json"
        try Data(export.output.utf8).write(to: URL(fileURLWithPath: file))
        let imported = target.run(["import", file])
        #expect(imported.status == 0)
        #expect(imported.output == "Imported 2 projects.\n")
        #expect(target.names() == ["Existing", "Zeta", "Alpha"])
        let ids = source.projects().compactMap { $0["id"] as? String }
        #expect(Array(target.projects().compactMap { $0["id"] as? String }.dropFirst()) == ids)

        // Again: every project clashes, nothing changes.
        let before = target.storeBytes()
        let again = target.run(["import", file])
        #expect(again.status == 1)
        #expect(again.output == "")
        #expect(again.error.contains("“Zeta”") && again.error.contains("“Alpha”"))
        #expect(target.storeBytes() == before)
    }

    @Test func importBadFiles() throws {
        let tool = try ToolHarness()
        let missing = tool.run(["import", tool.folder + "/missing.json"])
        #expect(missing.status == 1)
        #expect(missing.error.contains(tool.folder + "/missing.json"))
        let broken = tool.folder + "/broken.json"
        try Data("{\"version\": 1, \"projects\": [".utf8).write(to: URL(fileURLWithPath: broken))
        let invalid = tool.run(["import", broken])
        #expect(invalid.status == 1)
        #expect(invalid.error.contains(broken))
        #expect(tool.storeBytes() == nil)
    }

    // MARK: help and version

    @Test func version() throws {
        let tool = try ToolHarness()
        let result = tool.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == "project \(ProjectTool.version)\n")
        #expect(result.error == "")
    }

    @Test func noArgumentsShowsTheOverview() throws {
        let tool = try ToolHarness()
        let result = tool.run([])
        #expect(result.status == 0)
        #expect(result.error == "")
        for spec in allCommands.map({ $0.spec }) {
            #expect(result.output.contains("  \(spec.name) "))
        }
        #expect(result.output.contains(tool.storePath))
    }

    @Test func helpForACommandEverywhereIsTheSame() throws {
        let tool = try ToolHarness()
        let expected = HelpView(localizer: english).command(MoveCommand.spec)
        for arguments in [["help", "move"], ["move", "--help"], ["move", "-h"], ["-h", "move"]] {
            let result = tool.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.output == expected, "\(arguments)")
            #expect(result.error == "")
        }
        #expect(tool.storeBytes() == nil)
    }

    @Test func helpForAnUnknownCommand() throws {
        let tool = try ToolHarness()
        let result = tool.run(["help", "lst"])
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.error.contains("'project list'"))
    }

    @Test func helpNeedsNoStoreLocation() throws {
        // `project help` explains commands; it must work even where no store can be located.
        let tool = try ToolHarness()
        let overview = tool.run(["--help"], environment: [:])
        #expect(overview.status == 0)
        let result = tool.run(["help"], environment: [:])
        #expect(result.status == 0)
        #expect(result.output.contains("project <command>"))
        let command = tool.run(["help", "add"], environment: [:])
        #expect(command.status == 0)
        #expect(command.output == HelpView(localizer: english).command(AddCommand.spec))
    }

    @Test func helpNamesTheStoreGivenWithStore() throws {
        let tool = try ToolHarness()
        let explicit = tool.folder + "/elsewhere.json"
        let viaCommand = tool.run(["--store", explicit, "help"])
        #expect(viaCommand.output.contains(explicit))
        let viaOption = tool.run(["--store", explicit, "--help"])
        #expect(viaOption.status == 0)
        #expect(viaOption.output.contains(explicit), "help names \(tool.storePath) though --store was given")
    }

    // MARK: Usage errors

    @Test func unknownCommand() throws {
        let tool = try ToolHarness()
        let result = tool.run(["lst"])
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.error == "Error: 'project lst' is not a command. Did you mean 'project list'?\nRun 'project help' for the commands.\n")
        let synonym = tool.run(["rm", "x"])
        #expect(synonym.error.contains("'project delete'"))
    }

    @Test func usageErrorsExitTwoAndPointToHelp() throws {
        let tool = try ToolHarness()
        let cases: [([String], String)] = [
            (["list", "--sotr", "name"], "list"), (["add", "A", "B"], "add"), (["show"], "show"),
            (["delete", "x", "--yes=1"], "delete"), (["add", "X", "-t", "novel", "--type", "poetry"], "add"),
            (["move", "X", "--top", "--to", "1"], "move"), (["add", "X", "--details"], "add"),
        ]
        for (arguments, command) in cases {
            let result = tool.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output == "", "\(arguments)")
            #expect(result.error.hasPrefix("Error: "), "\(arguments)")
            #expect(result.error.hasSuffix("Run 'project help \(command)' for its usage.\n"), "\(arguments)")
        }
        #expect(tool.storeBytes() == nil)
    }

    // MARK: The store

    @Test func storeOptionWinsOverTheEnvironment() throws {
        let tool = try ToolHarness()
        let explicit = tool.folder + "/sub/folder/explicit.json"
        #expect(tool.run(["--store", explicit, "add", "Here"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: explicit))
        #expect(tool.storeBytes() == nil)
        #expect(tool.run(["list", "--store=\(explicit)"]).output.contains("Here"))
        #expect(tool.run(["list"]).output.contains("project add"))
    }

    @Test func storeFromXDGDataHome() throws {
        let tool = try ToolHarness()
        let result = tool.run(["add", "Here"], environment: ["XDG_DATA_HOME": tool.folder, "HOME": "/nonexistent"])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: tool.folder + "/project/projects.json"))
    }

    @Test func noStoreLocation() throws {
        let tool = try ToolHarness()
        let result = tool.run(["list"], environment: [:])
        #expect(result.status == 3)
        #expect(result.output == "")
        #expect(result.error.contains("--store"))
    }

    @Test func invalidStoreIsLeftUntouched() throws {
        let tool = try ToolHarness()
        let garbage = Data("this is not a store\n".utf8)
        try garbage.write(to: URL(fileURLWithPath: tool.storePath))
        for arguments in [["list"], ["add", "New"], ["sort", "user"], ["show", "x"]] {
            let result = tool.run(arguments)
            #expect(result.status == 3, "\(arguments)")
            #expect(result.output == "")
            #expect(result.error.contains(tool.storePath))
        }
        #expect(tool.storeBytes() == garbage)
    }

    @Test func newerStoreIsLeftUntouched() throws {
        let tool = try ToolHarness()
        let newer = Data("{\"version\": 99, \"sort\": \"name\", \"projects\": []}\n".utf8)
        try newer.write(to: URL(fileURLWithPath: tool.storePath))
        let result = tool.run(["add", "New"])
        #expect(result.status == 3)
        #expect(result.error.contains(tool.storePath))
        #expect(result.error.contains("newer"))
        #expect(tool.storeBytes() == newer)
    }

    @Test func resultsOnOutputErrorsOnError() throws {
        let tool = try ToolHarness()
        let ok = tool.run(["add", "X"])
        #expect(!ok.output.isEmpty && ok.error.isEmpty)
        let refused = tool.run(["add", "x"])
        #expect(refused.output.isEmpty && !refused.error.isEmpty)
        let usage = tool.run(["frob"])
        #expect(usage.output.isEmpty && !usage.error.isEmpty)
        let prompted = tool.run(["delete", "X"], input: ["n"], interactive: true)
        #expect(prompted.output.isEmpty)
        #expect(prompted.error.contains("[y/N]"))
    }
}
