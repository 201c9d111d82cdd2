"""Game-independent agents over the rules protocol."""

from rules.ai.agents import Agent, RandomAgent, agent_kinds, make_agent, register_agent

__all__ = ["Agent", "RandomAgent", "agent_kinds", "make_agent", "register_agent"]
