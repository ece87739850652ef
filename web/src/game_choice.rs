//! The games as a list to choose from: the game menus of the lobby's forms and the links
//! between the leaderboards, each with the chosen game marked; and the game a request names.

use tapis_games::GameId;

/// A game in a list, as a menu option or a link.
#[derive(Debug, Clone)]
pub struct GameChoice {
    pub id: &'static str,
    pub name: &'static str,
    /// The game chosen (selected in a menu, the current page among links).
    pub selected: bool,
}

/// `games` as a list to choose from, with `selected` chosen (if one).
pub fn game_choices(
    games: impl IntoIterator<Item = GameId>,
    selected: Option<GameId>,
) -> Vec<GameChoice> {
    games
        .into_iter()
        .map(|g| GameChoice {
            id: g.as_str(),
            name: g.name(),
            selected: Some(g) == selected,
        })
        .collect()
}

/// The game whose id a request gives, or Yams when it gives none (or one that is not a game).
pub fn chosen_game(id: Option<&str>) -> GameId {
    id.and_then(|g| g.parse().ok()).unwrap_or(GameId::Yams)
}
