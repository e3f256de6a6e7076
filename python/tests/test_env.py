"""The PettingZoo environment: PettingZoo's own API test, and games checked against Board."""

import random

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402
from pettingzoo.test.seed_test import seed_test  # noqa: E402

import turkish_draughts as td  # noqa: E402
from turkish_draughts.env import DamaEnv, env, raw_env  # noqa: E402


# The API test warns about dict observations for environments outside its own list; the
# observation is the {"observation", "action_mask"} dict that PettingZoo's classic board
# games use.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_api_test():
    api_test(env(), num_cycles=300)
    api_test(env(rules="tudaf", max_plies=40), num_cycles=100)


def test_pettingzoo_seed_test():
    seed_test(env, num_cycles=50)


def play_random(e, rng):
    """Plays a whole game with random legal actions; returns the moves and final rewards."""
    e.reset(seed=1)
    board = td.Board(rules=e.unwrapped.rules)
    rewards = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        rewards[agent] = reward
        if terminated or truncated:
            e.step(None)
            continue
        # The observation is the board seen from the agent, who is the side to move.
        assert agent == ("player_0" if board.turn == td.WHITE else "player_1")
        assert (obs["observation"] == board.planes()).all()
        assert (np.flatnonzero(obs["action_mask"]) == board.legal_actions()).all()
        # The other agent sees the same board from its side and has no legal action.
        other = "player_1" if agent == "player_0" else "player_0"
        other_obs = e.observe(other)
        assert (other_obs["observation"] == board.planes(not board.turn)).all()
        assert other_obs["action_mask"].sum() == 0
        action = rng.choice(board.legal_actions())
        board.push_action(action)
        e.step(action)
    return board, rewards


def test_games_follow_the_board():
    rng = random.Random(7)
    e = env()
    for _ in range(5):
        board, rewards = play_random(e, rng)
        outcome = board.outcome()
        assert outcome is not None
        expected = {True: (1, -1), False: (-1, 1), None: (0, 0)}[outcome.winner]
        assert (rewards["player_0"], rewards["player_1"]) == expected
        assert e.agents == []


def test_truncation_and_start_position():
    e = raw_env(max_plies=6)
    e.reset(options={"fen": "W:WKa1:BKh8,h7"})
    for _ in range(6):
        agent = e.agent_selection
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e.board.ply() == 6


def test_illegal_actions():
    e = raw_env()
    e.reset()
    with pytest.raises(td.IllegalMoveError):
        e.step(0)
    wrapped = env()
    wrapped.reset()
    wrapped.step(0)  # ends the game: -1 for White
    assert wrapped.rewards["player_0"] == -1
    assert all(wrapped.terminations.values())


def test_render_and_spaces():
    e = raw_env(render_mode="ansi")
    e.reset()
    assert e.render() == str(td.Board())
    space = e.observation_space("player_0")
    assert space["observation"].shape == (4, 8, 8) and space["action_mask"].shape == (td.ACTION_SIZE,)
    assert e.action_space("player_1").n == td.ACTION_SIZE
    assert isinstance(e, DamaEnv)
    with pytest.raises(ValueError):
        raw_env(render_mode="rgb_array")
    with pytest.raises(td.DamaError):
        raw_env(rules="fide")
