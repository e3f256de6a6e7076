//! [`Game`]: a whole game with history (issue 8).
