"""Game-independent agents over the rules protocol."""

from rules.ai.agents import Agent, RandomAgent, agent_kinds, make_agent, register_agent
from rules.ai.hint import hint

__all__ = ["Agent", "RandomAgent", "agent_kinds", "hint", "make_agent", "register_agent"]
