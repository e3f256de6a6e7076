"""A PettingZoo environment for Turkish draughts (needs the ``env`` extra:
``pip install "./python[env]"``, which brings ``pettingzoo`` and ``gymnasium``).

Why PettingZoo's AEC API: Dama is a two-player game where the players move in turn and see
the same board. Gymnasium's ``Env`` has a single agent, so a two-player game there needs the
opponent folded into the environment; PettingZoo's *Agent Environment Cycle* API is the
convention for turn-based multi-agent games (its own chess, go and connect-four
environments use it): one agent acts at a time (``agent_selection``), each observes the
board from its own side (``observe``), illegal actions are masked in the observation, and
rewards reach both players when the game ends.

>>> from turkish_draughts.env import env as make_env
>>> e = make_env()
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum())
((4, 8, 8), 8)

Agents: ``"player_0"`` plays White (moves first), ``"player_1"`` Black.

Observation of an agent: a dict with

* ``"observation"``: ``Board.planes(color)``, an ``int8`` array of shape (4, 8, 8) drawn
  from that agent's side: its men, its kings, the opponent's men, the opponent's kings; row
  0 is the agent's own back rank (the board is flipped top to bottom for Black), column 0
  is file a.
* ``"action_mask"``: ``int8`` of ``ACTION_SIZE`` entries, 1 for the legal actions when it
  is the agent's turn (all zero otherwise, and once the game is over).

Actions: ``Discrete(ACTION_SIZE)``, the encoding of ``Board.encode_move`` (origin and
destination seen from the side to move, and a slot for captures that share them; see the
package README). An action outside the mask raises ``IllegalMoveError`` in the raw
environment; the wrapped one from :func:`env` ends the game with -1 for the player who
played it, as PettingZoo's classic environments do.

Rewards: +1 to the winner and -1 to the loser when the game ends, 0 for a draw and at every
other step. ``max_plies`` (``None`` by default) truncates a game; ``no_progress_limit``
(``None``) draws it after that many plies without a capture or a man move.

``reset(options={"fen": ...})`` starts from a position (side to move included).
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # pragma: no cover - depends on what is installed
    raise ImportError(
        f"turkish_draughts.env needs the package's env extra (pettingzoo and gymnasium): "
        f'pip install "./python[env]" from the repository root ({e})',
        name=e.name,
    ) from e

from . import ACTION_SIZE, WHITE, Board, IllegalMoveError

__all__ = ["DamaEnv", "env", "raw_env"]


class DamaEnv(AECEnv):
    """Turkish draughts as a PettingZoo AEC environment (see the module documentation)."""

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "turkish_draughts_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: str = "default",
        render_mode: Optional[str] = None,
        max_plies: Optional[int] = None,
        no_progress_limit: Optional[int] = None,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        Board(rules=rules)  # checks the rules early
        self.rules = rules
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.no_progress_limit = no_progress_limit
        self.possible_agents = ["player_0", "player_1"]
        self.agents = self.possible_agents[:]
        observation = spaces.Box(low=0, high=1, shape=(4, 8, 8), dtype=np.int8)
        mask = spaces.Box(low=0, high=1, shape=(ACTION_SIZE,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": observation, "action_mask": mask})
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(ACTION_SIZE) for a in self.possible_agents}
        self.board = Board(rules=rules, no_progress_limit=no_progress_limit)
        self._reset_state()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _agent_to_move(self) -> str:
        return self.possible_agents[0] if self.board.turn == WHITE else self.possible_agents[1]

    def _reset_state(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_move()

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Starts a new game: the start position, or ``options["fen"]``. The game itself has
        no randomness, so ``seed`` only seeds the spaces' samplers."""
        if seed is not None:
            for i, a in enumerate(self.possible_agents):
                self.action_spaces[a].seed(seed + i)
                self.observation_spaces[a].seed(seed + i)
        fen = (options or {}).get("fen")
        self.board = Board(fen, rules=self.rules, no_progress_limit=self.no_progress_limit)
        self._reset_state()
        if self.board.is_game_over():
            self._finish()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        color = WHITE if agent == self.possible_agents[0] else not WHITE
        planes = self.board.planes(color)
        if agent == self.agent_selection and not self.terminations[agent] and not self.truncations[agent]:
            mask = self.board.action_mask()
        else:
            mask = np.zeros(ACTION_SIZE, dtype=np.int8)
        return {"observation": planes, "action_mask": mask}

    def _finish(self) -> None:
        """Sets the rewards and terminations of a finished game."""
        outcome = self.board.outcome()
        if outcome is None:
            return
        white, black = self.possible_agents
        if outcome.winner is None:
            self.rewards = {white: 0, black: 0}
        elif outcome.winner == WHITE:
            self.rewards = {white: 1, black: -1}
        else:
            self.rewards = {white: -1, black: 1}
        self.terminations = {a: True for a in self.agents}
        for a in self.agents:
            self.infos[a] = {"outcome": outcome, "result": outcome.result()}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMoveError("an agent whose game goes on must act")
        self.board.push_action(int(action))  # raises IllegalMoveError, changing nothing
        self._cumulative_rewards[agent] = 0
        self._finish()
        if (
            not self.terminations[agent]
            and self.max_plies is not None
            and self.board.ply() >= self.max_plies
        ):
            self.truncations = {a: True for a in self.agents}
        self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """``"ansi"``: the board as text; ``"human"``: printed."""
        if self.render_mode is None:
            return None
        text = str(self.board)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(**kwargs: Any) -> DamaEnv:
    """The environment without wrappers: an illegal action raises ``IllegalMoveError``."""
    return DamaEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers: an illegal action ends the game with
    -1 for the agent that played it (``TerminateIllegalWrapper``), actions are checked to be
    in range, and the call order is enforced."""
    e: AECEnv = DamaEnv(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
