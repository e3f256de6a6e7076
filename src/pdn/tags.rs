//! [`Tags`]: the tag pairs of a game, in order.

use alloc::string::String;
use alloc::vec::Vec;

/// The tag pairs of a PDN game (`[Event "..."]`), kept in the order they were read or set,
/// with any name. Names are compared exactly (PDN tag names are case-sensitive).
///
/// ```
/// use turkish_draughts::pdn::Tags;
/// let mut tags = Tags::new();
/// tags.set("White", "ayse");
/// tags.set("Event", "club");
/// tags.set("White", "can");
/// assert_eq!(tags.white(), Some("can"));
/// assert_eq!(tags.get("Event"), Some("club"));
/// assert_eq!(tags.iter().map(|(n, _)| n).collect::<Vec<_>>(), ["White", "Event"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tags(Vec<(String, String)>);

macro_rules! accessors {
    ($($(#[$doc:meta])* $fn:ident => $name:literal;)*) => {$(
        $(#[$doc])*
        pub fn $fn(&self) -> Option<&str> {
            self.get($name)
        }
    )*};
}

impl Tags {
    /// No tags.
    ///
    /// ```
    /// use turkish_draughts::pdn::Tags;
    /// assert!(Tags::new().is_empty());
    /// ```
    pub const fn new() -> Tags {
        Tags(Vec::new())
    }

    /// The value of the first tag called `name`.
    ///
    /// ```
    /// use turkish_draughts::pdn::Tags;
    /// let tags: Tags = [("Site", "PlayOK")].into_iter().collect();
    /// assert_eq!(tags.get("Site"), Some("PlayOK"));
    /// assert_eq!(tags.get("site"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name`: replaces the value of the first tag of that name, or adds the
    /// tag at the end.
    ///
    /// ```
    /// use turkish_draughts::pdn::Tags;
    /// let mut tags = Tags::new();
    /// tags.set("Round", "1");
    /// tags.set("Round", "2");
    /// assert_eq!(tags.len(), 1);
    /// assert_eq!(tags.round(), Some("2"));
    /// ```
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let name = name.into();
        let value = value.into();
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name, value)),
        }
    }

    /// Adds a tag at the end, even if one of that name exists (as read from a file).
    ///
    /// ```
    /// use turkish_draughts::pdn::Tags;
    /// let mut tags = Tags::new();
    /// tags.push("Annotator", "a");
    /// tags.push("Annotator", "b");
    /// assert_eq!(tags.len(), 2);
    /// assert_eq!(tags.get("Annotator"), Some("a"));
    /// ```
    pub fn push(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.0.push((name.into(), value.into()));
    }

    /// Removes every tag called `name` and returns the first one's value.
    ///
    /// ```
    /// use turkish_draughts::pdn::Tags;
    /// let mut tags: Tags = [("Event", "x"), ("Site", "y")].into_iter().collect();
    /// assert_eq!(tags.remove("Event").as_deref(), Some("x"));
    /// assert_eq!(tags.len(), 1);
    /// ```
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let first = self.0.iter().position(|(n, _)| n == name)?;
        let value = self.0.remove(first).1;
        self.0.retain(|(n, _)| n != name);
        Some(value)
    }

    /// The tags in order, as `(name, value)`.
    ///
    /// ```
    /// use turkish_draughts::pdn::Tags;
    /// let tags: Tags = [("Event", "x")].into_iter().collect();
    /// assert_eq!(tags.iter().next(), Some(("Event", "x")));
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.0.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The number of tags.
    ///
    /// ```
    /// use turkish_draughts::pdn::Tags;
    /// assert_eq!(Tags::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Drops the room kept for more tags.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }

    /// Whether there is no tag.
    ///
    /// ```
    /// use turkish_draughts::pdn::Tags;
    /// assert!(Tags::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    accessors! {
        /// The `Event` tag.
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// let tags: Tags = [("Event", "Cup")].into_iter().collect();
        /// assert_eq!(tags.event(), Some("Cup"));
        /// ```
        event => "Event";
        /// The `Site` tag.
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// assert_eq!(Tags::new().site(), None);
        /// ```
        site => "Site";
        /// The `Date` tag (`YYYY.MM.DD`, `?` for unknown parts).
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// let tags: Tags = [("Date", "2024.05.17")].into_iter().collect();
        /// assert_eq!(tags.date(), Some("2024.05.17"));
        /// ```
        date => "Date";
        /// The `Round` tag.
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// let tags: Tags = [("Round", "-")].into_iter().collect();
        /// assert_eq!(tags.round(), Some("-"));
        /// ```
        round => "Round";
        /// The `White` tag: White's player.
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// let tags: Tags = [("White", "ayse")].into_iter().collect();
        /// assert_eq!(tags.white(), Some("ayse"));
        /// ```
        white => "White";
        /// The `Black` tag: Black's player.
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// let tags: Tags = [("Black", "can")].into_iter().collect();
        /// assert_eq!(tags.black(), Some("can"));
        /// ```
        black => "Black";
        /// The `Result` tag, as written.
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// let tags: Tags = [("Result", "1-0")].into_iter().collect();
        /// assert_eq!(tags.result(), Some("1-0"));
        /// ```
        result => "Result";
        /// The `GameType` tag.
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// let tags: Tags = [("GameType", "30")].into_iter().collect();
        /// assert_eq!(tags.game_type(), Some("30"));
        /// ```
        game_type => "GameType";
        /// The `Rules` tag: the rule set the game was played under (`default` or `tudaf`;
        /// see [`RULES_TAG`](super::RULES_TAG)).
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// let tags: Tags = [("Rules", "tudaf")].into_iter().collect();
        /// assert_eq!(tags.rules(), Some("tudaf"));
        /// ```
        rules => "Rules";
        /// The `FEN` tag: the position the game starts from.
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// let tags: Tags = [("FEN", "W:Wd3:Bd6")].into_iter().collect();
        /// assert_eq!(tags.fen(), Some("W:Wd3:Bd6"));
        /// ```
        fen => "FEN";
        /// The `WhiteElo` tag.
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// let tags: Tags = [("WhiteElo", "1712")].into_iter().collect();
        /// assert_eq!(tags.white_elo(), Some("1712"));
        /// ```
        white_elo => "WhiteElo";
        /// The `BlackElo` tag.
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// let tags: Tags = [("BlackElo", "1655")].into_iter().collect();
        /// assert_eq!(tags.black_elo(), Some("1655"));
        /// ```
        black_elo => "BlackElo";
        /// The `TimeControl` tag.
        ///
        /// ```
        /// use turkish_draughts::pdn::Tags;
        /// let tags: Tags = [("TimeControl", "180+2")].into_iter().collect();
        /// assert_eq!(tags.time_control(), Some("180+2"));
        /// ```
        time_control => "TimeControl";
    }
}

impl<N: Into<String>, V: Into<String>> FromIterator<(N, V)> for Tags {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> Tags {
        Tags(
            iter.into_iter()
                .map(|(n, v)| (n.into(), v.into()))
                .collect(),
        )
    }
}

impl<N: Into<String>, V: Into<String>> Extend<(N, V)> for Tags {
    fn extend<I: IntoIterator<Item = (N, V)>>(&mut self, iter: I) {
        self.0
            .extend(iter.into_iter().map(|(n, v)| (n.into(), v.into())));
    }
}
