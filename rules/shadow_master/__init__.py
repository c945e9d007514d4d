"""Shadow Master (seed 000): hex area control with kingdom colours, Rank, attacks and alliances."""
