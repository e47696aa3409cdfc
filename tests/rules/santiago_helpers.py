"""Building Santiago situations by hand, shared by the example and rules tests."""

from boardgames_tui.rules.santiago import data as D


def take_tile(st, crop, workers=None):
    """Pull a matching tile out of the face-down deck."""
    for i, t in enumerate(st.deck):
        if D.TILES[t][0] == crop and (workers is None or D.TILES[t][1] == workers):
            return st.deck.pop(i)
    raise AssertionError(f"no {crop} {workers} left in the deck")


def put(st, c, r, crop, owner, markers, workers=2):
    """Plant a tile by hand: owner None makes an ownerless tile."""
    f = D.field_index(c, r)
    st.tile[f] = take_tile(st, crop, workers)
    st.owner[f] = -1 if owner is None else owner
    st.markers[f] = markers
    st.leftover[f] = owner is None
    if owner is not None:
        st.markers_left[owner] -= markers


def build(st, *segments):
    """Build canals in order, checking each joins the network as the rules demand."""
    for seg in segments:
        s = D.SEG_INDEX[seg]
        assert s in st._legal_segments(), f"{seg} is not a legal canal position here"
        st._build(s, "overseer", st.overseer)
