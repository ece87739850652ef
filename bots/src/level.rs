//! The strengths offered to players ([`Level`]) and how much a decision may think
//! ([`Budget`]): what the server asks a bot for.

/// A bot's strength, as offered to players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Easy,
    Medium,
    Strong,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Strong];

    /// `"easy"`, `"medium"` or `"strong"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Strong => "strong",
        }
    }

    /// The level named by [`Level::as_str`].
    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.as_str() == s)
    }

    /// The account name of the bot of this level.
    pub fn username(self) -> &'static str {
        match self {
            Level::Easy => "tapis-easy",
            Level::Medium => "tapis-medium",
            Level::Strong => "tapis-strong",
        }
    }

    /// One sentence for players.
    pub fn description(self) -> &'static str {
        match self {
            Level::Easy => {
                "Plays sensible moves but often misjudges close choices: a gentle opponent for beginners."
            }
            Level::Medium => "Looks a few moves ahead: a fair challenge for regular players.",
            Level::Strong => {
                "Weighs every throw to come, or thousands of continuations, before each move, and plays Yams and 5000 as well as they can be played: a good player has to work to beat it."
            }
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How much a decision may think (iterations of search, or whatever unit the level uses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub iterations: u32,
}

impl Budget {
    /// The budget each level thinks with unless the caller says otherwise: strong fits in
    /// about 200 ms of one core in every game, easy and medium well under 50 ms.
    pub fn default_for(level: Level) -> Budget {
        let iterations = match level {
            Level::Easy => 150,
            Level::Medium => 1000,
            Level::Strong => 15000,
        };
        Budget { iterations }
    }
}
