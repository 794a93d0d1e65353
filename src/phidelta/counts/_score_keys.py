"""Order-preserving integer keys for float scores, with the class label in the lowest bit.

A score table needs the scores sorted with their labels alongside. Sorting indices (argsort)
is several times slower than sorting plain 64-bit numbers, which NumPy does with SIMD. So each
score x becomes one unsigned 64-bit key

    key = 2·(v(max) − v(x)) + [x is positive]

where v is a strictly increasing integer image of the float: the bits of abs(x) (for non-negative
doubles their order is their bits' order) with the sign of x. Sorting the keys ascending gives
the scores in decreasing order, negatives before positives within a tie, and ``key >> 1``
decodes back to the exact float. ±0 map to one key (they are one score).

The label bit needs v(max) − v(min) < 2⁶³. That always holds when all scores have one sign.
With both signs, the unused small magnitudes are squeezed out first: every non-zero abs(x) is
shifted down by (smallest non-zero magnitude − 1), which keeps the order and leaves zero
alone. Only scores spanning nearly the whole double range (e.g. 1e-300 next to ±1e300) still
do not fit; :func:`labelled_keys` then returns ``None`` and the caller falls back.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from phidelta._compute import BLOCK_ROWS, empty_large
from phidelta._parallel import row_parts, run_parts
from phidelta._sorting import sort_in_parts

__all__ = [
    "KeyCode",
    "all_scores_distinct",
    "count_sorted_keys",
    "decode_scores",
    "key_code",
    "key_order",
    "keys_of",
    "labelled_keys",
    "sort_keys",
]

_MAGNITUDE = np.uint64(0x7FFF_FFFF_FFFF_FFFF)
_SIGN = np.uint64(1 << 63)
_ONE = np.uint64(1)
_LIMIT = 2**63  # v(max) − v(min) must stay below this for the label bit to fit
_INFINITY_BITS = 0x7FF0_0000_0000_0000


def _magnitude_bits(x: float) -> int:
    return int(np.float64(abs(x)).view(np.uint64))


@dataclass(frozen=True)
class KeyCode:
    """How keys were made: ``top`` = v(max score), ``shift`` = magnitudes' offset (0: none),
    ``negative`` = some score is below zero, ``largest`` = the largest possible key,
    ``non_negative`` / ``non_positive`` = all scores on one side of zero, ``zeros`` = some
    score may be ±0 (known only when there is a shift; True otherwise)."""

    top: int
    shift: int
    negative: bool
    largest: int
    non_negative: bool = True  # every score ≥ 0
    non_positive: bool = False  # every score ≤ 0
    zeros: bool = True  # a score may be ±0

    @property
    def mixed_signs(self) -> bool:
        """Scores on both sides of zero (the keys then need a sign scratch)."""
        return not (self.non_negative or self.non_positive)


def labelled_keys(
    scores: np.ndarray, is_positive: np.ndarray, low: float, high: float
) -> tuple[np.ndarray, KeyCode] | None:
    """Keys ``2·(v(high) − v(x)) + label`` (uint64, a new array) or ``None`` if they do not fit.

    ``scores`` are finite float64 with minimum ``low`` and maximum ``high``. The work is done
    in cache-sized blocks: about ten integer operations per score, each a pass from cache
    rather than from memory.
    """
    code = key_code(scores, low, high)
    if code is None:
        return None
    keys = empty_large(len(scores), np.uint64)

    def make(start: int, stop: int) -> None:
        sign = np.empty(min(stop - start, BLOCK_ROWS), np.int64) if code.mixed_signs else None
        for block in _blocks(start, stop):
            keys_of(scores[block], is_positive[block], code, out=keys[block], sign=sign)

    run_parts(make, row_parts(len(scores), BLOCK_ROWS))
    return keys, code


def key_code(scores: np.ndarray, low: float, high: float) -> KeyCode | None:
    """How to key ``scores`` (finite, minimum ``low``, maximum ``high``), or None when the keys
    would not fit 64 bits. Scores of both signs spanning many binades need the smallest
    non-zero magnitude: one pass in cache-sized blocks."""
    bits = scores.view(np.uint64)
    span = _magnitude_bits(high) + _magnitude_bits(low)
    shift, zeros = 0, True
    if low < 0 < high and span >= _LIMIT:

        def smallest_magnitude(start: int, stop: int) -> tuple[int, bool]:
            smallest, zeros = _LIMIT, False
            scratch = np.empty(min(stop - start, BLOCK_ROWS), dtype=np.uint64)
            for block in _blocks(start, stop):
                k = scratch[: len(bits[block])]
                np.bitwise_and(bits[block], _MAGNITUDE, out=k)
                zeros = zeros or bool(np.count_nonzero(k) < len(k))
                np.subtract(k, _ONE, out=k)  # zeros wrap around to 2⁶⁴ − 1
                smallest = min(smallest, int(k.min()))
            return smallest, zeros

        parts = run_parts(smallest_magnitude, row_parts(len(scores), BLOCK_ROWS))
        shift = min(part[0] for part in parts)  # smallest non-zero magnitude − 1
        zeros = any(part[1] for part in parts)
        if span - 2 * shift >= _LIMIT:
            return None
    top = _magnitude_bits(high) - shift if high > 0 else -_magnitude_bits(high)
    bottom = -(_magnitude_bits(low) - shift) if low < 0 else _magnitude_bits(low)  # v(low)
    largest = 2 * (top - bottom) + 1
    return KeyCode(top, shift, low < 0, largest, low >= 0, high <= 0, zeros)


def keys_of(
    scores: np.ndarray,
    is_positive: np.ndarray,
    code: KeyCode,
    *,
    out: np.ndarray | None = None,
    sign: np.ndarray | None = None,
) -> np.ndarray:
    """The labelled keys of some scores under ``code`` (into ``out``; ``sign`` is an int64
    scratch at least as long, for scores of both signs)."""
    k = np.empty(len(scores), dtype=np.uint64) if out is None else out
    if code.shift and code.zeros:
        return _shifted_keys_with_zeros(scores, is_positive, code, k, sign)
    # Computed doubled, 2·top − 2·v: shifting the bits left by one drops the sign and gives
    # 2·|x| in one pass, and the label then fills the free lowest bit. All mod 2⁶⁴.
    np.left_shift(scores.view(np.uint64), _ONE, out=k)  # 2·|x|; ±0 → 0
    if code.shift:  # no score is zero: every magnitude m > shift
        np.subtract(k, np.uint64(2 * code.shift % 2**64), out=k)
    top2 = np.uint64(2 * code.top % 2**64)
    if code.non_negative:  # v = |x|
        np.subtract(top2, k, out=k)
    elif code.non_positive:  # v = −|x|
        np.add(k, top2, out=k)
    else:  # v = ±g from the sign s = 0 or −1: 2·v = (2·g ^ s) − s
        s = np.empty(len(k), dtype=np.int64) if sign is None else sign[: len(k)]
        np.right_shift(scores.view(np.int64), 63, out=s)
        np.bitwise_xor(k, s.view(np.uint64), out=k)
        np.add(s.view(np.uint64), top2, out=s.view(np.uint64))
        np.subtract(s.view(np.uint64), k, out=k)  # 2·top + s − (2·g ^ s) = 2·top − 2·v
    np.bitwise_or(k, is_positive, out=k)
    return k


def _shifted_keys_with_zeros(
    scores: np.ndarray,
    is_positive: np.ndarray,
    code: KeyCode,
    k: np.ndarray,
    sign: np.ndarray | None,
) -> np.ndarray:
    """:func:`keys_of` for scores of both signs that need the shift and include ±0, which
    must stay 0 (so the shifted magnitude is clamped, not wrapped)."""
    signed = k.view(np.int64)
    bits = scores.view(np.uint64)
    # non-zero magnitude m > shift: m − shift ≥ 1; zero: 2⁶⁴ − shift, < 0 as int64 → 0
    np.bitwise_and(bits, _MAGNITUDE, out=k)
    np.subtract(k, np.uint64(code.shift), out=k)
    np.maximum(signed, 0, out=signed)
    # v = ±g: two's complement from sign s = 0 or −1 and magnitude, (g ^ s) − s
    s = np.empty(len(k), dtype=np.int64) if sign is None else sign[: len(k)]
    np.right_shift(scores.view(np.int64), 63, out=s)
    np.bitwise_xor(signed, s, out=signed)
    np.add(s, code.top, out=s)
    np.subtract(s, signed, out=signed)  # top + s − (g ^ s) = top − v
    np.left_shift(k, _ONE, out=k)
    np.bitwise_or(k, is_positive, out=k)
    return k


def sort_keys(keys: np.ndarray, code: KeyCode) -> None:
    """Sort keys in place, as doubles when they can be (on a few threads when long)."""
    sort_in_parts(_sortable(keys, code))


def _sortable(keys: np.ndarray, code: KeyCode) -> np.ndarray:
    """The keys, viewed as doubles when they all lie below the bits of +inf: those are the bits
    of non-negative doubles in the same order, and NumPy sorts doubles a little faster than
    64-bit integers."""
    return keys.view(np.float64) if code.largest < _INFINITY_BITS else keys


def _blocks(start: int, stop: int):
    """The blocks of rows ``start … stop`` (``start`` a multiple of BLOCK_ROWS or 0)."""
    return (slice(at, min(at + BLOCK_ROWS, stop)) for at in range(start, stop, BLOCK_ROWS))


def decode_scores(values: np.ndarray, code: KeyCode, *, labelled: bool = False) -> np.ndarray:
    """The float scores of ``values`` = ``key >> 1`` (ascending, uint64), overwriting them;
    ``labelled``: the values are the sorted keys themselves, shifted here block by block.

    In cache-sized blocks: v = top − value is the score's signed integer image. The values
    ascend, so the scores descend: the rows with v ≥ 0 (non-negative scores, whose bits are
    v + shift) come first, those with v < 0 (bits: (−v + shift) with the sign bit) after them,
    and one search finds where the second begin.
    """
    unit = 2 if labelled else 1
    zeros = None
    if code.shift and code.zeros and code.top >= 0:  # an exact zero keeps no shift
        zeros = slice(*np.searchsorted(values, np.uint64([unit * code.top, unit * (code.top + 1)])))
    if not code.negative:
        negative_from = len(values)
    elif code.top < 0:
        negative_from = 0
    else:  # the first value above top: key ≥ unit·(top + 1)
        negative_from = int(np.searchsorted(values, np.uint64(unit * (code.top + 1))))
    v = values.view(np.int64)
    top = np.int64(code.top)
    sign_bit = np.int64(-(2**63))

    def decode(start: int, stop: int) -> None:
        for block in _blocks(start, stop):
            if labelled:
                np.right_shift(values[block], _ONE, out=values[block])
            cut = min(max(negative_from, block.start), block.stop)
            non_negative, negative = v[block.start : cut], v[cut : block.stop]
            np.subtract(top, non_negative, out=non_negative)  # v
            np.subtract(negative, top, out=negative)  # −v
            if code.shift:
                v[block] += code.shift
            if len(negative):
                np.bitwise_or(negative, sign_bit, out=negative)

    run_parts(decode, row_parts(len(v), BLOCK_ROWS))
    if zeros is not None:
        v[zeros] = 0
    return v.view(np.float64)


def count_sorted_keys(
    keys: np.ndarray, weights: np.ndarray | None = None, *, distinct: bool | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct values (``key >> 1``, ascending) of sorted labelled keys with the number (or,
    given ``weights`` in the keys' order, the weight) of positives and negatives at each.
    ``keys`` may be overwritten. ``distinct`` is whether every score occurs once, when the
    caller has already checked it (None: checked here)."""
    n = len(keys)
    if n == 0:
        kind = np.int64 if weights is None else np.float64
        return keys, np.zeros(0, kind), np.zeros(0, kind)
    if distinct is None:
        distinct = weights is None and all_scores_distinct(keys)
    if weights is None and distinct:
        return _count_distinct(keys)
    change = np.not_equal(keys[1:], keys[:-1])
    if weights is None and change.all():  # every (score, label) once: continuous scores
        totals = None
    else:
        starts = np.empty(n, dtype=bool)
        starts[0] = True
        starts[1:] = change
        starts = np.flatnonzero(starts)
        keys = keys[starts]
        if weights is None:
            totals = np.empty(len(starts), dtype=np.int64)
            np.subtract(starts[1:], starts[:-1], out=totals[:-1])
            totals[-1] = n - starts[-1]
        else:
            totals = np.add.reduceat(weights, starts)
    del change
    label = np.bitwise_and(keys, _ONE, out=np.empty(len(keys), np.uint8), casting="unsafe")
    values = np.right_shift(keys, _ONE, out=keys)
    if totals is None:
        positives = label.astype(np.int64)
        negatives = np.subtract(1, positives)
    else:
        positives = np.multiply(totals, label)
        negatives = np.subtract(totals, positives, out=totals)
    # a score held by both classes is a run of negatives (bit 0) then one of positives (bit 1)
    shared = np.flatnonzero(np.equal(values[1:], values[:-1]))
    if len(shared):
        positives[shared] = positives[shared + 1]
        keep = np.ones(len(values), dtype=bool)
        keep[shared + 1] = False
        values, positives, negatives = values[keep], positives[keep], negatives[keep]
    return values, positives, negatives


def all_scores_distinct(keys: np.ndarray, shift: int = 1) -> bool:
    """Whether sorted labelled keys hold every score once (``key >> shift`` strictly
    increasing; the label is the lowest of the ``shift`` bits), checked in blocks without a
    full-length temporary."""
    n = len(keys)
    shifted = np.empty(min(n, BLOCK_ROWS) + 1, dtype=np.uint64)
    different = np.empty(min(n, BLOCK_ROWS), dtype=bool)
    for start in range(0, n - 1, BLOCK_ROWS):
        stop = min(start + BLOCK_ROWS + 1, n)  # one key of overlap with the next block
        part = shifted[: stop - start]
        np.right_shift(keys[start:stop], np.uint64(shift), out=part)
        check = different[: stop - start - 1]
        np.not_equal(part[1:], part[:-1], out=check)
        if not check.all():
            return False
    return True


def _count_distinct(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Counts of keys whose scores are all distinct: each score has one example, positive
    when its label bit is set. No temporaries beyond the two count arrays."""
    positives = np.empty(len(keys), dtype=np.int64)
    np.bitwise_and(keys, _ONE, out=positives.view(np.uint64))
    negatives = np.bitwise_xor(positives, 1)
    return np.right_shift(keys, _ONE, out=keys), positives, negatives


def key_order(keys: np.ndarray, code: KeyCode) -> np.ndarray:
    """The permutation that sorts ``keys`` (ties in any order), for weights to follow them."""
    return np.argsort(_sortable(keys, code))
