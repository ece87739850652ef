//! The game table every match page draws, whatever the game: a headline, panels (dice, score
//! sheets, boards, columns, scores, facts) and groups of action buttons.
//!
//! Each game's presenter ([`super::games`]) fills a [`Table`] from the game's view and the
//! viewer's legal actions; one set of templates (`match_table.html`) draws every game, so a
//! game never needs markup of its own.
//!
//! Everything clickable is a real `<button>` in a form that posts to `/matches/{id}/act`:
//! - a *literal* action ([`ActionRef`]): the button's value is the action's JSON, exactly as the
//!   rules listed it (a hidden detail; the player only sees words);
//! - a *composed* action ([`Compose`]): checkboxes (dice to keep, dice to throw again) whose
//!   values replace the placeholder [`PICKED`] in a JSON template; the handler builds the
//!   action and the service checks that it is legal.
//!
//! Every die, cell and token carries a text alternative, so that nothing is said by colour or
//! drawing alone.

use std::borrow::Borrow;

use serde::Serialize;
use serde_json::Value;
use tapis_l10n::Language;

/// The placeholder of a [`Compose`] template that the ticked values replace (as a JSON list).
pub const PICKED: &str = "$picked";

/// What a match page shows of the game.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// One line on where the game stands ("Round 3 of 12 · Alice's second throw").
    pub headline: String,
    /// What the viewer may do now, in words, when it is their turn.
    pub prompt: Option<String>,
    /// The panels, in reading order.
    pub panels: Vec<Panel>,
    /// The viewer's choices now, grouped (empty when it is not their turn).
    pub actions: Vec<ActionGroup>,
}

impl Table {
    /// Whether anything on the table can be clicked or ticked.
    pub fn is_playable(&self) -> bool {
        !self.actions.iter().all(|g| g.buttons.is_empty())
            || self.panels.iter().any(Panel::is_playable)
    }

    /// After which panel the action bar stands: the board or the columns, else the dice (the
    /// panel the choices are about), else the last.
    pub fn actions_after(&self) -> usize {
        let first =
            |wanted: fn(&PanelKind) -> bool| self.panels.iter().position(|p| wanted(&p.kind));
        first(|k| matches!(k, PanelKind::Board(_) | PanelKind::Columns(_)))
            .or_else(|| first(|k| matches!(k, PanelKind::Dice(_))))
            .unwrap_or_else(|| self.panels.len().saturating_sub(1))
    }

    /// Whether any group of action buttons has a button (the action bar is drawn then).
    pub fn has_action_buttons(&self) -> bool {
        self.actions.iter().any(|g| !g.buttons.is_empty())
    }

    /// Every literal action offered anywhere on the table (for tests and the fallback check).
    pub fn offered_actions(&self) -> Vec<&ActionRef> {
        let mut out: Vec<&ActionRef> = self
            .actions
            .iter()
            .flat_map(|g| g.buttons.iter().map(|b| &b.action))
            .collect();
        for panel in &self.panels {
            match &panel.kind {
                PanelKind::Sheet(sheet) => {
                    for row in &sheet.rows {
                        out.extend(row.cells.iter().filter_map(|c| c.action.as_ref()));
                    }
                }
                PanelKind::Board(board) => {
                    out.extend(board.column_actions.iter().flatten());
                    for row in &board.rows {
                        out.extend(row.cells.iter().flat_map(|c| c.actions.iter()));
                    }
                }
                PanelKind::Columns(columns) => {
                    out.extend(columns.columns.iter().filter_map(|c| c.action.as_ref()));
                }
                PanelKind::Dice(_) | PanelKind::Scores(_) | PanelKind::Facts(_) => {}
            }
        }
        out
    }
}

/// One part of the table, with a heading.
#[derive(Debug, Clone)]
pub struct Panel {
    pub title: String,
    /// The `data-testid` of the panel (`dice`, `sheet`, `board`...).
    pub testid: String,
    pub kind: PanelKind,
}

impl Panel {
    pub fn new(title: impl Into<String>, testid: impl Into<String>, kind: PanelKind) -> Panel {
        Panel {
            title: title.into(),
            testid: testid.into(),
            kind,
        }
    }

    fn is_playable(&self) -> bool {
        match &self.kind {
            PanelKind::Dice(dice) => dice.compose.is_some(),
            PanelKind::Sheet(sheet) => sheet
                .rows
                .iter()
                .any(|r| r.cells.iter().any(|c| c.action.is_some())),
            PanelKind::Board(board) => {
                board.column_actions.iter().any(Option::is_some)
                    || board
                        .rows
                        .iter()
                        .any(|r| r.cells.iter().any(|c| !c.actions.is_empty()))
            }
            PanelKind::Columns(columns) => columns.columns.iter().any(|c| c.action.is_some()),
            PanelKind::Scores(_) | PanelKind::Facts(_) => false,
        }
    }
}

/// The kinds of panel, enough for every game.
#[derive(Debug, Clone)]
pub enum PanelKind {
    /// Dice, drawn with pips, optionally tickable to compose an action.
    Dice(DicePanel),
    /// A score sheet: rows of boxes × one column per seat.
    Sheet(Sheet),
    /// A rectangular board of cells holding tokens.
    Board(Board),
    /// Columns of spaces with markers (Can't Stop).
    Columns(ColumnsPanel),
    /// A list of totals, one per seat.
    Scores(Scores),
    /// A few named figures ("Pot: 12 tokens").
    Facts(Vec<Fact>),
}

/// A short text with an optional explanation, shown as a tooltip (`<abbr title>`): French
/// terms keep their name and say in English what they mean.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Term {
    pub text: String,
    pub hint: Option<String>,
}

impl Term {
    pub fn plain(text: impl Into<String>) -> Term {
        Term {
            text: text.into(),
            hint: None,
        }
    }

    pub fn explained(text: impl Into<String>, hint: impl Into<String>) -> Term {
        Term {
            text: text.into(),
            hint: Some(hint.into()),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Actions

/// A literal action: its JSON (posted as is) and its name in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionRef {
    /// The action as the rules listed it, serialized (the button's value).
    pub json: String,
    /// The accessible name of the button ("Score 25 in Full").
    pub label: String,
    /// What a board cell's button shows instead of `+` ("✕" for a removal, "↑5" for a move
    /// to row 5); the label still names the action.
    pub mark: Option<String>,
    /// Where a move leads, when it takes something from one place of a board to another: the
    /// player then picks the piece, and the move's button appears at its destination.
    pub target: Option<Target>,
}

/// The destination of a move on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A cell: its row (from the top) and its place in the row.
    Cell { row: usize, cell: usize },
    /// A column, whose button stands above it (Make Five's token goes on top).
    Column(usize),
}

/// A game's typed action written as JSON for a button's value, its keys in order (as the
/// rules' JSON reads them back: `{"box":"full","grid":0,"type":"score"}`).
pub fn written(action: &impl Serialize) -> String {
    match serde_json::to_value(action) {
        Ok(json) => json.to_string(),
        // The games' actions are plain data: they always serialise. Should one ever not, the
        // button posts `null`, which the rules refuse with a clear error.
        Err(e) => {
            tracing::error!(error = %e, "an action could not be written as JSON");
            "null".to_owned()
        }
    }
}

impl ActionRef {
    pub fn new(action: &impl Serialize, label: impl Into<String>) -> ActionRef {
        ActionRef {
            json: written(action),
            label: label.into(),
            mark: None,
            target: None,
        }
    }

    /// The move with its destination: offered there once its piece is picked.
    pub fn to(mut self, target: Target) -> ActionRef {
        self.target = Some(target);
        self
    }

    /// The action with the short mark its board cell button shows.
    pub fn marked(mut self, mark: impl Into<String>) -> ActionRef {
        self.mark = Some(mark.into());
        self
    }

    /// The accessible name of a board cell's button: the mark it shows, then the label, so
    /// that what is seen is part of what is said ("↑7: Move a piece from row 6 to row 7").
    pub fn cell_name(&self) -> String {
        match &self.mark {
            Some(mark) => format!("{mark}: {}", self.label),
            None => self.label.clone(),
        }
    }
}

/// How a button stands out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Emphasis {
    #[default]
    Normal,
    /// The likely choice (bank, stop).
    Primary,
    /// A choice that gives something up (pass, forfeit).
    Quiet,
}

impl Emphasis {
    /// The button's CSS class.
    pub fn class(self) -> &'static str {
        match self {
            Emphasis::Normal => "button",
            Emphasis::Primary => "button button-primary",
            Emphasis::Quiet => "button button-quiet",
        }
    }
}

/// A button for one literal action.
#[derive(Debug, Clone)]
pub struct ActionButton {
    pub action: ActionRef,
    /// The button's text, when it differs from the accessible name.
    pub text: Term,
    /// A second line: what the choice would do ("turn total 450, 2 dice left").
    pub detail: Option<String>,
    pub emphasis: Emphasis,
}

impl ActionButton {
    pub fn new(action: &impl Serialize, text: impl Into<String>) -> ActionButton {
        let text = text.into();
        ActionButton {
            action: ActionRef::new(action, text.clone()),
            text: Term::plain(text),
            detail: None,
            emphasis: Emphasis::Normal,
        }
    }

    pub fn term(mut self, term: Term) -> ActionButton {
        self.text = term;
        self
    }

    pub fn detail(mut self, detail: impl Into<String>) -> ActionButton {
        self.detail = Some(detail.into());
        self
    }

    pub fn emphasis(mut self, emphasis: Emphasis) -> ActionButton {
        self.emphasis = emphasis;
        self
    }

    /// The accessible name: the text and the detail.
    pub fn aria_label(&self) -> String {
        match &self.detail {
            Some(detail) => format!("{}: {detail}", self.action.label),
            None => self.action.label.clone(),
        }
    }
}

/// Buttons that belong together ("Bank or throw again", "Write your dice in a box").
#[derive(Debug, Clone)]
pub struct ActionGroup {
    pub title: String,
    pub buttons: Vec<ActionButton>,
}

impl ActionGroup {
    pub fn new(title: impl Into<String>, buttons: Vec<ActionButton>) -> ActionGroup {
        ActionGroup {
            title: title.into(),
            buttons,
        }
    }
}

/// An action composed from ticked checkboxes: the ticked values, as a JSON list, replace
/// [`PICKED`] in `template`.
#[derive(Debug, Clone)]
pub struct Compose {
    /// The action with the placeholder, e.g. `{"type":"reroll","keep":"$picked"}`.
    pub template: String,
    /// What ticking a box means ("Keep", "Throw again").
    pub verb: String,
    /// The submit button's text.
    pub submit: String,
    /// A line of help above the dice.
    pub hint: Option<String>,
}

impl Compose {
    pub fn new(template: &Value, verb: impl Into<String>, submit: impl Into<String>) -> Compose {
        Compose {
            template: template.to_string(),
            verb: verb.into(),
            submit: submit.into(),
            hint: None,
        }
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Compose {
        self.hint = Some(hint.into());
        self
    }
}

/// Builds the action of a [`Compose`] form: each ticked value (a JSON literal, else a string)
/// goes into a list that replaces every [`PICKED`] string in the template. The error is the key
/// of the message saying why the form could not be read.
pub fn compose_action(template: &str, picked: &[&str]) -> Result<Value, &'static str> {
    let mut action: Value =
        serde_json::from_str(template).map_err(|_| "match-compose-unreadable")?;
    let values: Vec<Value> = picked
        .iter()
        .map(|raw| serde_json::from_str(raw).unwrap_or_else(|_| Value::String((*raw).to_owned())))
        .collect();
    if !replace_picked(&mut action, &Value::Array(values)) {
        return Err("match-compose-no-place");
    }
    Ok(action)
}

fn replace_picked(value: &mut Value, picked: &Value) -> bool {
    match value {
        Value::String(s) if s == PICKED => {
            *value = picked.clone();
            true
        }
        // Every placeholder is replaced, so no short-circuit.
        Value::Array(items) => {
            let mut found = false;
            for item in items.iter_mut() {
                found |= replace_picked(item, picked);
            }
            found
        }
        Value::Object(map) => {
            let mut found = false;
            for item in map.values_mut() {
                found |= replace_picked(item, picked);
            }
            found
        }
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// Dice

/// Where a die stands in the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DieState {
    /// Just thrown.
    #[default]
    Thrown,
    /// Kept by the player (not thrown again).
    Kept,
    /// Set aside for good this turn (5000's scoring dice).
    SetAside,
    /// Not thrown yet: drawn blank.
    Waiting,
}

impl DieState {
    pub fn class(self) -> &'static str {
        match self {
            DieState::Thrown => "die",
            DieState::Kept => "die die-kept",
            DieState::SetAside => "die die-aside",
            DieState::Waiting => "die die-waiting",
        }
    }

    /// The message saying a die in this state.
    fn key(self) -> &'static str {
        match self {
            DieState::Thrown => "match-table-die",
            DieState::Kept => "match-table-die-kept",
            DieState::SetAside => "match-table-die-aside",
            DieState::Waiting => "match-table-die-waiting",
        }
    }
}

/// One die.
#[derive(Debug, Clone)]
pub struct Die {
    /// 1 to 6; 0 for a die not thrown yet.
    pub face: u8,
    pub state: DieState,
    /// The value posted when this die is ticked (its face, as a rule); `None`: not tickable.
    pub pick: Option<String>,
    /// Ticked when the page is drawn.
    pub checked: bool,
}

impl Die {
    pub fn new(face: u8, state: DieState) -> Die {
        Die {
            face,
            state,
            pick: None,
            checked: false,
        }
    }

    /// A die that can be ticked, posting its face.
    pub fn pickable(face: u8, state: DieState) -> Die {
        Die {
            pick: Some(face.to_string()),
            ..Die::new(face, state)
        }
    }

    /// The text alternative: "die showing 5", "die showing 5, kept", "die not thrown yet".
    pub fn alt(&self, lang: impl Borrow<Language>) -> String {
        let lang = *lang.borrow();
        if self.face == 0 || self.state == DieState::Waiting {
            lang.t("match-table-die-waiting")
        } else {
            lang.t1(self.state.key(), "face", self.face)
        }
    }

    /// The positions of the pips on a 3×3 grid (`tl`, `c`, `br`...).
    pub fn pips(&self) -> &'static [&'static str] {
        match self.face {
            1 => &["c"],
            2 => &["tr", "bl"],
            3 => &["tr", "c", "bl"],
            4 => &["tl", "tr", "bl", "br"],
            5 => &["tl", "tr", "c", "bl", "br"],
            6 => &["tl", "tr", "ml", "mr", "bl", "br"],
            _ => &[],
        }
    }
}

/// A set of dice, with a caption ("Your throw", "Set aside").
#[derive(Debug, Clone, Default)]
pub struct DicePanel {
    pub dice: Vec<Die>,
    /// A line under the dice ("Throw 2 of 3").
    pub caption: Option<String>,
    /// When set, the pickable dice are checkboxes of this composed action.
    pub compose: Option<Compose>,
}

impl DicePanel {
    pub fn new(dice: Vec<Die>) -> DicePanel {
        DicePanel {
            dice,
            caption: None,
            compose: None,
        }
    }

    pub fn caption(mut self, caption: impl Into<String>) -> DicePanel {
        self.caption = Some(caption.into());
        self
    }

    pub fn compose(mut self, compose: Compose) -> DicePanel {
        self.compose = Some(compose);
        self
    }

    /// All faces as words, for the accessible summary ("3, 3, 5, 1 and 6").
    pub fn summary(&self, lang: impl Borrow<Language>) -> String {
        let lang = *lang.borrow();
        let faces: Vec<String> = self
            .dice
            .iter()
            .filter(|d| d.face != 0 && d.state != DieState::Waiting)
            .map(|d| d.face.to_string())
            .collect();
        if faces.is_empty() {
            lang.t("match-table-no-dice")
        } else {
            crate::present::join_names(&faces, lang)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Score sheet

/// A score sheet: one column per seat (or per grid), one row per box.
#[derive(Debug, Clone, Default)]
pub struct Sheet {
    pub caption: String,
    pub columns: Vec<SheetColumn>,
    pub rows: Vec<SheetRow>,
}

/// A column of a sheet (a player, or one of their grids).
#[derive(Debug, Clone)]
pub struct SheetColumn {
    pub name: String,
    /// The player on turn.
    pub current: bool,
    /// The viewer's own column.
    pub yours: bool,
}

/// How a sheet row is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RowKind {
    #[default]
    Box,
    /// A computed line (sum, bonus).
    Subtotal,
    /// The grand total.
    Total,
}

impl RowKind {
    pub fn class(self) -> &'static str {
        match self {
            RowKind::Box => "sheet-box",
            RowKind::Subtotal => "sheet-subtotal",
            RowKind::Total => "sheet-total",
        }
    }
}

/// A row of a sheet.
#[derive(Debug, Clone)]
pub struct SheetRow {
    pub label: Term,
    pub kind: RowKind,
    pub cells: Vec<SheetCell>,
}

/// How a sheet cell looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CellState {
    /// Not filled yet.
    #[default]
    Empty,
    Filled,
    /// Filled with 0 (scratched, "barré").
    Scratched,
    /// Empty, and what the current dice would score in it (when clickable).
    Preview,
}

impl CellState {
    pub fn class(self) -> &'static str {
        match self {
            CellState::Empty => "cell-empty",
            CellState::Filled => "cell-filled",
            CellState::Scratched => "cell-scratched",
            CellState::Preview => "cell-preview",
        }
    }
}

/// One cell of a sheet.
#[derive(Debug, Clone, Default)]
pub struct SheetCell {
    /// What is written ("25", "—", or the points the dice would score).
    pub text: String,
    pub state: CellState,
    /// Clicking the cell plays this action (write the dice here).
    pub action: Option<ActionRef>,
    /// Filled by a move the viewer has not seen yet (marked until the viewer plays).
    pub recent: bool,
}

impl SheetCell {
    /// A cell with `text` written in it.
    pub fn filled(text: impl Into<String>) -> SheetCell {
        SheetCell {
            text: text.into(),
            state: CellState::Filled,
            action: None,
            recent: false,
        }
    }

    /// A box scored `points`: scratched when they are 0.
    pub fn scored(points: impl Into<i64>) -> SheetCell {
        let points = points.into();
        SheetCell {
            text: points.to_string(),
            state: if points == 0 {
                CellState::Scratched
            } else {
                CellState::Filled
            },
            action: None,
            recent: false,
        }
    }

    /// An empty box that says something (`—`, `playing`).
    pub fn note(text: impl Into<String>) -> SheetCell {
        SheetCell {
            text: text.into(),
            state: CellState::Empty,
            action: None,
            recent: false,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Board

/// How a board is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BoardStyle {
    /// Square cells in rows and columns (La Linotte, Yam Master).
    #[default]
    Square,
    /// Columns filled from the bottom, drawn leaning (Make Five).
    Inclined,
    /// Long rows stacked top to bottom (Linja's bamboo sticks).
    Rows,
}

impl BoardStyle {
    pub fn class(self) -> &'static str {
        match self {
            BoardStyle::Square => "board board-square",
            BoardStyle::Inclined => "board board-inclined",
            BoardStyle::Rows => "board board-rows",
        }
    }
}

/// A piece or a token: a colour, a symbol (so colour is never the only cue) and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// A CSS class suffix: `seat-0` … `seat-7`; `red`, `blue`, `green`, `yellow`, `white`
    /// (Make Five's tokens); `runner` (a neutral marker, Can't Stop's runners).
    pub colour: String,
    pub symbol: String,
    /// The text alternative ("Alice's pawn", "red token").
    pub label: String,
}

impl Token {
    /// The token of a seat, with that seat's colour and symbol.
    pub fn of_seat(seat: usize, label: impl Into<String>) -> Token {
        Token {
            colour: format!("seat-{}", seat % SEAT_SYMBOLS.len()),
            symbol: seat_symbol(seat).to_owned(),
            label: label.into(),
        }
    }

    /// A neutral marker (Can't Stop's runners).
    pub fn runner(label: impl Into<String>) -> Token {
        Token {
            colour: "runner".to_owned(),
            symbol: "◎".to_owned(),
            label: label.into(),
        }
    }

    pub fn class(&self) -> String {
        format!("token token-{}", self.colour)
    }
}

/// One symbol per seat, beside its colour.
pub const SEAT_SYMBOLS: [&str; 8] = ["●", "▲", "■", "◆", "★", "✚", "⬟", "✖"];

/// The symbol of a seat.
pub fn seat_symbol(seat: usize) -> &'static str {
    SEAT_SYMBOLS[seat % SEAT_SYMBOLS.len()]
}

/// A board of rows of cells.
#[derive(Debug, Clone, Default)]
pub struct Board {
    pub caption: String,
    pub style: BoardStyle,
    /// Labels over the columns (may be empty).
    pub column_labels: Vec<String>,
    /// Rows from top to bottom.
    pub rows: Vec<BoardRow>,
    /// One optional action per column, drawn as a button above it ("Drop into column 3").
    pub column_actions: Vec<Option<ActionRef>>,
}

impl Board {
    /// Whether some row has a label (then every row keeps room for one).
    pub fn has_row_labels(&self) -> bool {
        self.rows.iter().any(|r| r.label.is_some())
    }

    /// Whether the cell at `row`, `cell` holds pieces to pick: every action it offers is a
    /// move with a destination.
    pub fn pickable(&self, row: impl Place, cell: impl Place) -> bool {
        let (row, cell) = (row.place(), cell.place());
        self.rows
            .get(row)
            .and_then(|r| r.cells.get(cell))
            .is_some_and(|c| !c.actions.is_empty() && c.actions.iter().all(|a| a.target.is_some()))
    }

    /// Whether any cell holds pieces to pick (the board then works by picking).
    pub fn has_picks(&self) -> bool {
        (0..self.rows.len()).any(|r| (0..self.rows[r].cells.len()).any(|c| self.pickable(r, c)))
    }

    /// The name of a picked place, as the page links a piece to its moves: `row-cell`.
    pub fn pick_key(&self, row: impl Place, cell: impl Place) -> String {
        format!("{}-{}", row.place(), cell.place())
    }

    /// The moves leading to `target`, each with the key of the place its piece is picked from.
    fn moves_to(&self, target: Target) -> Vec<(String, &ActionRef)> {
        let mut moves = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            for (c, cell) in row.cells.iter().enumerate() {
                if !self.pickable(r, c) {
                    continue;
                }
                for action in &cell.actions {
                    if action.target == Some(target) {
                        moves.push((self.pick_key(r, c), action));
                    }
                }
            }
        }
        moves
    }

    /// The moves that end in the cell at `row`, `cell`.
    pub fn moves_to_cell(&self, row: impl Place, cell: impl Place) -> Vec<(String, &ActionRef)> {
        self.moves_to(Target::Cell {
            row: row.place(),
            cell: cell.place(),
        })
    }

    /// The moves that go on top of column `column`.
    pub fn moves_to_column(&self, column: impl Place) -> Vec<(String, &ActionRef)> {
        self.moves_to(Target::Column(column.place()))
    }

    /// Whether some move goes on top of a column (the row of buttons above the columns is
    /// drawn then).
    pub fn has_column_moves(&self) -> bool {
        (0..self.columns()).any(|c| !self.moves_to_column(c).is_empty())
    }

    /// The action above column `column`, if any.
    pub fn column_action(&self, column: impl Place) -> Option<&Option<ActionRef>> {
        self.column_actions.get(column.place())
    }

    /// How many columns the board has (its widest row).
    pub fn columns(&self) -> usize {
        self.rows.iter().map(|r| r.cells.len()).max().unwrap_or(0)
    }
}

/// A place number (row, cell, column) as templates pass it: by value or by reference.
pub trait Place {
    fn place(&self) -> usize;
}

impl Place for usize {
    fn place(&self) -> usize {
        *self
    }
}

impl<T: Place + ?Sized> Place for &T {
    fn place(&self) -> usize {
        (**self).place()
    }
}

/// A row of a board.
#[derive(Debug, Clone, Default)]
pub struct BoardRow {
    /// A label at the row's start ("Row 3", "Goal").
    pub label: Option<String>,
    pub cells: Vec<BoardCell>,
}

/// A cell of a board.
#[derive(Debug, Clone, Default)]
pub struct BoardCell {
    /// What is printed on the cell (a combination name, a number), if anything.
    pub text: Option<Term>,
    pub tokens: Vec<Token>,
    /// The full text alternative ("row 2, column 3: Full, Alice's pawn").
    pub label: String,
    /// Marked (a cell to play, a winning line).
    pub highlight: bool,
    /// Changed by a move the viewer has not seen yet (marked until the viewer plays).
    pub recent: bool,
    /// What clicking plays: one action is a small button; several open a menu from the cell
    /// (a token to move, then where to), each choice shown as its label.
    pub actions: Vec<ActionRef>,
}

// ---------------------------------------------------------------------------------------------
// Columns

/// Columns of spaces climbed by markers (Can't Stop).
#[derive(Debug, Clone, Default)]
pub struct ColumnsPanel {
    pub caption: String,
    pub columns: Vec<ColumnView>,
}

/// One column.
#[derive(Debug, Clone, Default)]
pub struct ColumnView {
    /// Its name ("7").
    pub label: String,
    /// Its spaces from the bottom up; each holds the tokens standing on it.
    pub spaces: Vec<Vec<Token>>,
    /// The seat that won the column, as its token.
    pub won_by: Option<Token>,
    /// A text alternative for the whole column ("column 7: Alice at 3 of 13, runner at 5").
    pub label_long: String,
    /// Clicking the column plays this.
    pub action: Option<ActionRef>,
    /// Climbed by a move the viewer has not seen yet (marked until the viewer plays).
    pub recent: bool,
}

// ---------------------------------------------------------------------------------------------
// Scores and facts

/// Totals, one row per seat.
#[derive(Debug, Clone, Default)]
pub struct Scores {
    pub caption: String,
    /// What the value is ("Points", "Tokens").
    pub unit: String,
    pub rows: Vec<ScoreRow>,
}

/// One seat's total.
#[derive(Debug, Clone)]
pub struct ScoreRow {
    pub seat: usize,
    pub name: String,
    pub value: String,
    /// More about it ("not opened yet", "resigned").
    pub detail: Option<Term>,
    pub current: bool,
    pub yours: bool,
    /// Changed by a move the viewer has not seen yet (marked until the viewer plays).
    pub recent: bool,
}

impl ScoreRow {
    pub fn token(&self, lang: impl Borrow<Language>) -> Token {
        let lang = *lang.borrow();
        Token::of_seat(self.seat, lang.t1("match-colour-of", "name", &self.name))
    }
}

/// A named figure.
#[derive(Debug, Clone)]
pub struct Fact {
    pub label: Term,
    pub value: String,
}

impl Fact {
    pub fn new(label: Term, value: impl Into<String>) -> Fact {
        Fact {
            label,
            value: value.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn composing_replaces_the_placeholder_with_the_ticked_values() {
        let template = json!({"type": "reroll", "keep": PICKED}).to_string();
        let action = compose_action(&template, &["5", "5", "2"]).unwrap_or_default();
        assert_eq!(action, json!({"type": "reroll", "keep": [5, 5, 2]}));
        let none = compose_action(&template, &[]).unwrap_or_default();
        assert_eq!(none, json!({"type": "reroll", "keep": []}));
        // A value that is not JSON stays a string; the rules will judge it.
        let odd = compose_action(&template, &["x"]).unwrap_or_default();
        assert_eq!(odd, json!({"type": "reroll", "keep": ["x"]}));
        assert!(compose_action("{not json", &[]).is_err());
        assert!(compose_action(r#"{"type":"stop"}"#, &["1"]).is_err());
    }

    #[test]
    fn dice_have_pips_and_words() {
        let die = Die::new(5, DieState::Kept);
        assert_eq!(die.pips().len(), 5);
        assert_eq!(die.alt(Language::En), "die showing 5, kept");
        assert_eq!(die.alt(Language::Fr), "dé montrant 5, gardé");
        assert_eq!(
            Die::new(0, DieState::Waiting).alt(Language::En),
            "die not thrown yet"
        );
        let panel = DicePanel::new(vec![
            Die::new(3, DieState::Thrown),
            Die::new(6, DieState::Thrown),
        ]);
        assert_eq!(panel.summary(Language::En), "3 and 6");
        assert_eq!(panel.summary(Language::Fr), "3 et 6");
    }

    #[test]
    fn seat_tokens_have_a_symbol_and_a_colour() {
        let token = Token::of_seat(9, "x");
        assert_eq!(token.colour, "seat-1");
        assert_eq!(token.symbol, "▲");
        assert_eq!(token.class(), "token token-seat-1");
    }
}
