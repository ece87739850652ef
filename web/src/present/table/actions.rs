//! What a player can click: literal actions, groups of buttons, and composed forms.

use serde::Serialize;
use serde_json::Value;

use super::{PICKED, Term, UNPICKED};
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
    /// What ticking a box means: "Keep", in every game.
    pub verb: String,
    /// The submit button's text.
    pub submit: String,
    /// A line of help above the dice.
    pub hint: Option<String>,
    /// Which ticks make a move, when the page can say it before the post.
    pub allowed: Option<Allowed>,
}

/// The sets of ticked values that make a legal move, and why the button waits otherwise:
/// with the page's script, the submit button stays disabled, its reason beside it, until the
/// ticks make one (the server refuses the others all the same).
#[derive(Debug, Clone)]
pub struct Allowed {
    /// Each allowed set of ticked values, sorted and joined by `,` (`1,1,5`).
    pub keys: Vec<String>,
    /// Why the button waits while nothing is ticked.
    pub none: String,
    /// Why it waits while the ticked values make no move.
    pub not: String,
}

impl Allowed {
    /// The key of a set of ticked values, as the page's script writes it: sorted, joined by `,`.
    pub fn key(values: impl IntoIterator<Item = String>) -> String {
        let mut values: Vec<String> = values.into_iter().collect();
        values.sort();
        values.join(",")
    }

    /// The keys as a JSON list, for the form's `data-allowed`.
    pub fn json(&self) -> String {
        serde_json::to_string(&self.keys).unwrap_or_default()
    }
}

impl Compose {
    pub fn new(template: &Value, verb: impl Into<String>, submit: impl Into<String>) -> Compose {
        Compose {
            template: template.to_string(),
            verb: verb.into(),
            submit: submit.into(),
            hint: None,
            allowed: None,
        }
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Compose {
        self.hint = Some(hint.into());
        self
    }

    /// Says which ticks make a move (see [`Allowed`]).
    pub fn allowed(mut self, allowed: Allowed) -> Compose {
        self.allowed = Some(allowed);
        self
    }
}

/// Builds the action of a [`Compose`] form: each ticked value (a JSON literal, else a string)
/// goes into a list that replaces every [`PICKED`] string in the template; the values of
/// `dice` (every tickable die of the form) left unticked replace every [`UNPICKED`] one. The
/// error is the key of the message saying why the form could not be read.
pub fn compose_action(
    template: &str,
    picked: &[&str],
    dice: &[&str],
) -> Result<Value, &'static str> {
    let mut action: Value =
        serde_json::from_str(template).map_err(|_| "match-compose-unreadable")?;
    let read =
        |raw: &&str| serde_json::from_str(raw).unwrap_or_else(|_| Value::String((*raw).to_owned()));
    let mut unpicked: Vec<&str> = dice.to_vec();
    let mut all_dice = true;
    for value in picked {
        match unpicked.iter().position(|d| d == value) {
            Some(at) => {
                unpicked.remove(at);
            }
            None => all_dice = false,
        }
    }
    let picked = Value::Array(picked.iter().map(read).collect());
    let unpicked = Value::Array(unpicked.iter().map(read).collect());
    let (with_picked, with_unpicked) = replace_picked(&mut action, &picked, &unpicked);
    if with_unpicked && !all_dice {
        // A ticked value that is none of the form's dice: the unticked ones cannot be told.
        return Err("match-compose-unreadable");
    }
    if !with_picked && !with_unpicked {
        return Err("match-compose-no-place");
    }
    Ok(action)
}

/// Replaces the placeholders in `value`; whether it found [`PICKED`], and [`UNPICKED`].
fn replace_picked(value: &mut Value, picked: &Value, unpicked: &Value) -> (bool, bool) {
    match value {
        Value::String(s) if s == PICKED => {
            *value = picked.clone();
            (true, false)
        }
        Value::String(s) if s == UNPICKED => {
            *value = unpicked.clone();
            (false, true)
        }
        // Every placeholder is replaced, so no short-circuit.
        Value::Array(items) => items.iter_mut().fold((false, false), |found, item| {
            let (p, u) = replace_picked(item, picked, unpicked);
            (found.0 | p, found.1 | u)
        }),
        Value::Object(map) => map.values_mut().fold((false, false), |found, item| {
            let (p, u) = replace_picked(item, picked, unpicked);
            (found.0 | p, found.1 | u)
        }),
        _ => (false, false),
    }
}
