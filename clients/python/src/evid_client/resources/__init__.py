"""One module per REST resource; each holds the sync class and its generated async twin."""
