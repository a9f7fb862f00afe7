"""Kaye's Minesweeper circuit gadgets and the reduction of Boolean formulas to boards."""
