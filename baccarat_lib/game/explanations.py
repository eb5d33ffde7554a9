"""Sentences for the game's records (Decision, Step, Contradiction, Settlement), made when shown.

The records hold data only; the words are made here in the current language, so a coup played before
``set_language("vi")`` explains itself in Vietnamese after it. It imports none of the modules that call it.

>>> from baccarat_lib.game import play_coup
>>> from baccarat_lib.i18n import using_language
>>> coup = play_coup("2 A 3 2 8")
>>> step_text(coup.steps[-1])
'Tie 3–3.'
>>> with using_language("vi"):
...     step_text(coup.steps[-1])
'Hòa 3–3.'
"""

from __future__ import annotations

import re

from .cards import RANK_VALUES, _iterable, card_with_value
from .formatting import localized, money
from ..errors import BaccaratError, refusal, shown, whole_number
from ..i18n import N_, _

__all__ = ["decision_text", "step_text", "steps_text", "describe_values"]

# A rule that names every point value names "any card".
_ALL_VALUES = frozenset(RANK_VALUES.values())


def describe_values(values) -> str:
    """Values 0..9 as runs for a sentence.

    >>> describe_values({6, 7}), describe_values({0, 1, 2, 3, 4, 5, 6, 7, 9}), describe_values(set())
    ('6–7', '0–7, 9', 'nothing')
    """
    items = _iterable(values, (str, bytes))
    if items is None:
        raise refusal(_("values must be a collection of whole numbers 0..9, not {value}"), value=values)
    values = sorted({whole_number("each of values", value, 0, 9) for value in items})
    if not values:
        return _("nothing")
    runs, start = [], values[0]
    for value, following in zip(values, values[1:] + [None]):
        if following != value + 1:
            runs.append(f"{start}" if start == value else f"{start}–{value}")
            start = following
    return ", ".join(runs)


def _arithmetic(cards, total: int) -> str:
    """The cards as a sum, with the raw sum when there are three cards or it is 10 or more.

    >>> from baccarat_lib.game import parse_cards
    >>> _arithmetic(parse_cards("2 3"), 5), _arithmetic(parse_cards("7 9"), 6), _arithmetic(parse_cards("2 3 7"), 2)
    ('2+3', '7+9 = 16', '2+3+7 = 12')
    """
    terms = "+".join(card.rank for card in cards)
    raw = sum(card.value for card in cards)
    return terms if raw == total and len(cards) < 3 else f"{terms} = {raw}"


# ---------------------------------------------------------------- decisions

def _natural(decision) -> str:
    return _("{total} is a natural: no more cards.").format(total=decision.total)


def _player_rule(decision) -> str:
    """Player's rule: '0–5 draws.' or '6–7 stands.'."""
    message = _("{totals} draws.") if decision.draws else _("{totals} stands.")
    return message.format(totals=describe_values(decision.values))


def _banker_follows_player(decision) -> str:
    return _("Player stood, so Banker follows Player's rule: {rule}").format(rule=_player_rule(decision))


def _third_card_words(third_card) -> str:
    """"Player's third card is a 7", "... is an 8", "... is a K (worth 0)"."""
    rank, value = (third_card.rank, third_card.value) if hasattr(third_card, "rank") else (str(third_card), third_card)
    card = rank if str(value) == rank else card_with_value(rank, value)
    message = (_("Player's third card is an {card}") if rank in ("8", "A")
               else _("Player's third card is a {card}"))
    return message.format(card=card)


def _tableau_phrase(draw_values: frozenset, only: bool) -> str:
    """A tableau row in words: 'Banker draws on 2–7', '... on any card', 'Banker never draws', '... only on 6–7'."""
    if draw_values == _ALL_VALUES:
        return _("Banker draws on any card")
    if not draw_values:
        return _("Banker never draws")
    missing = _ALL_VALUES - draw_values
    if len(missing) == 1:
        return _("Banker draws on any card but {value}").format(value=next(iter(missing)))
    if only:
        return _("Banker draws only on {values}").format(values=describe_values(draw_values))
    return _("Banker draws on {values}").format(values=describe_values(draw_values))


def _tableau(decision) -> str:
    """The tableau cell read aloud: Player's third card, Banker's total, what the row says."""
    third_card, row = _third_card_words(decision.third_card), decision.values
    if decision.draws or not row:
        return _("{third_card}: with {total}, {tableau}.").format(
            third_card=third_card, total=decision.total, tableau=_tableau_phrase(row, only=False))
    return _("{third_card}: with {total}, {tableau}, so Banker stands.").format(
        third_card=third_card, total=decision.total, tableau=_tableau_phrase(row, only=True))


# Decision.rule -> its sentence.
_DECISIONS = {"natural": _natural, "player-rule": _player_rule, "banker-follows-player": _banker_follows_player,
              "tableau": _tableau}


def decision_text(decision) -> str:
    """Why a hand draws or stands, in the current language.

    >>> from baccarat_lib.game import banker_decision, player_decision
    >>> decision_text(player_decision(5)), decision_text(banker_decision(4, 8))
    ('0–5 draws.', "Player's third card is an 8: with 4, Banker draws only on 2–7, so Banker stands.")
    """
    return _writer(_DECISIONS, "draws", "decision", decision, N_("a Decision, such as player_decision(5)"))(decision)


# ---------------------------------------------------------------- the steps of a coup

def _has(side: str, cards, total: int) -> str:
    """'Player has 5 (2+3)', or Banker's."""
    message = _("Player has {total} ({working})") if side == "player" else _("Banker has {total} ({working})")
    return message.format(total=total, working=_arithmetic(cards, total))


def _natural_step(step) -> str:
    message = (_("Natural: Player has {player_total} ({player_working}), Banker has {banker_total} "
                 "({banker_working}); both hands stand.") if step.natural else
               _("No natural: Player has {player_total} ({player_working}), Banker has {banker_total} "
                 "({banker_working})."))
    return message.format(player_total=step.player_total, player_working=_arithmetic(step.player, step.player_total),
                          banker_total=step.banker_total, banker_working=_arithmetic(step.banker, step.banker_total))


def _player_rule_step(step) -> str:
    return _("{hand}: {reason}").format(hand=_has("player", step.player, step.player_total),
                                        reason=decision_text(step.decision))


def _banker_rule_step(step) -> str:
    reason = decision_text(step.decision)
    if step.decision.third_card is not None:
        return _("Banker has {total} and {reason}").format(total=step.banker_total, reason=reason)
    return _("{hand} and {reason}").format(hand=_has("banker", step.banker, step.banker_total), reason=reason)


def _draw_step(step) -> str:
    """'Player draws 7♦: 2+3+7 = 12, so Player has 2.', or Banker's."""
    player = step.rule == "player-draw"
    cards, total = (step.player, step.player_total) if player else (step.banker, step.banker_total)
    message = (_("Player draws {card}: {working}, so Player has {total}.") if player
               else _("Banker draws {card}: {working}, so Banker has {total}."))
    return message.format(card=cards[-1].label, working=_arithmetic(cards, total), total=total)


def _result(player: int, banker: int, outcome) -> str:
    """Who won and the final totals: 'Banker wins 8–2', 'Tie 3–3'."""
    if outcome == "player":
        return _("Player wins {winner}–{loser}").format(winner=player, loser=banker)
    if outcome == "banker":
        return _("Banker wins {winner}–{loser}").format(winner=banker, loser=player)
    return _("Tie {player}–{banker}").format(player=player, banker=banker)


def _compare_step(step) -> str:
    return _result(step.player_total, step.banker_total, step.outcome) + "."


# Step.rule -> its sentence.
_STEPS = {"natural": _natural_step, "player-rule": _player_rule_step, "player-draw": _draw_step,
          "banker-rule": _banker_rule_step, "banker-draw": _draw_step, "compare": _compare_step}


def step_text(step) -> str:
    """One step of a coup as a sentence, in the current language.

    >>> from baccarat_lib.game import play_coup
    >>> step_text(play_coup("2♣ 3♥ 3♠ A♦ 7♦ 4♠").steps[3])
    "Banker has 4 and Player's third card is a 7: with 4, Banker draws on 2–7."
    """
    return _writer(_STEPS, "player_total", "step", step, N_("a step of a played coup, such as coup.steps[0]"))(step)


def steps_text(steps) -> list[str]:
    """The sentences of ``steps`` (such as ``coup.steps``), in order."""
    if not isinstance(steps, (tuple, list)):
        raise BaccaratError(_("steps must be {accepted}, not {value}").format(
            accepted=_("a coup's steps, such as coup.steps"), value=shown(steps)))
    return [step_text(step) for step in steps]


def _writer(writers: dict, field: str, name: str, record, accepted: str):
    """The writer of ``record``'s rule; a record without ``field`` (Decision: draws, Step: player_total) is refused."""
    rule = getattr(record, "rule", None) if isinstance(record, tuple) and hasattr(record, field) else None
    if not isinstance(rule, str) or rule not in writers:
        raise BaccaratError(_("{name} must be {accepted}, not {value}").format(name=name, accepted=_(accepted),
                                                                               value=shown(record)))
    return writers[rule]


# ---------------------------------------------------------------- a published tableau checked

def _listed(values) -> str:
    return ", ".join(map(str, sorted(values)))


def _tableau_says(values: frozenset, draws: frozenset) -> str:
    """What the tableau does on ``values``, given those it ``draws`` on."""
    if draws == values:
        return _("Banker draws on them")
    if not draws:
        return _("Banker stands on them")
    return _("Banker draws on {drawn}, stands on {stood}").format(drawn=describe_values(draws),
                                                                  stood=describe_values(values - draws))


def _contradiction_text(contradiction) -> str:
    """A published row's disagreement with the tableau as a sentence (``Contradiction.__str__``)."""
    kind, values, draws = contradiction.kind, contradiction.values, contradiction.draws
    if kind == "missing row":
        return _("Banker {totals}: no row in the table, though the tableau has one.").format(
            totals=describe_values(values))
    if kind == "wrong column":
        message = (_("Banker {total}: {values} listed as stand, but Banker draws on them.") if draws
                   else _("Banker {total}: {values} listed as draw, but Banker stands on them."))
        return message.format(total=contradiction.banker_total, values=_listed(values))
    message = (_("Banker {total}: {values} listed in both columns (the tableau: {says}).") if kind == "both"
               else _("Banker {total}: {values} missing from both columns (the tableau: {says})."))
    return message.format(total=contradiction.banker_total, values=_listed(values), says=_tableau_says(values, draws))


# ---------------------------------------------------------------- a bet settled

_MARGIN_EVENT = re.compile(r"(player|banker) wins by (\d+) without a natural")


def _bet_words(bet: str) -> str:
    """A bet's name as printed on the table ("Player Pair"), translated."""
    label = " ".join(word.capitalize() for word in bet.split("-"))
    return _(label)                       # payouts._BET_NAMES marks them for the catalog


def _event_words(event: str, margins: str | None = None) -> str:
    """An event's name, translated; ``margins`` replaces a Dragon Bonus margin ("9, 8 or 4")."""
    match = _MARGIN_EVENT.fullmatch(event)
    if match is None:
        return _(event)
    side, margin = match.groups()
    message = (_("player wins by {margins} without a natural") if side == "player"
               else _("banker wins by {margins} without a natural"))
    return message.format(margins=margin if margins is None else margins)


def _percent_text(rate) -> str:
    return localized(f"{float(rate * 100):g}%")


def _terms(odds: str, commission) -> str:
    """A line's terms: '1:1 less 5% commission', '8:1', 'push'."""
    said = {"push": _("push"), "loses": _("loses")}.get(odds, odds)
    if not commission:
        return said
    return _("{odds} less {rate} commission").format(odds=said, rate=_percent_text(commission))


def _or(items: list) -> str:
    """``items`` joined by the language's "or"."""
    said = items[0]
    for item in items[1:]:
        said = _("{first} or {second}").format(first=said, second=item)
    return said


def _either_of(events) -> str:
    """Events joined by "or", margins of one kind said once: "player wins by 9, 8 or 4 without a natural"."""
    grouped = {}                 # event, or a side's margins -> (first such event, margins)
    for event in events:
        match = _MARGIN_EVENT.fullmatch(event)
        key, margins = (("by", match.group(1)), [match.group(2)]) if match else (event, [])
        grouped.setdefault(key, (event, []))[1].extend(margins)
    return _or([_event_words(event, _or([", ".join(margins[:-1]), margins[-1]]) if len(margins) > 1 else None)
                for event, margins in grouped.values()])


def _what_happened(settlement) -> str:
    """What a losing bet was judged on: 'Banker wins 8–2', or for Dragon Bonus 'Banker wins 8–2, by 6, no natural'."""
    coup = settlement.coup
    final = _result(coup.player.total, coup.banker.total, coup.outcome)
    if settlement.judged_on == "outcome":
        return final
    if coup.outcome == "tie":
        message = _("{result}, both naturals") if coup.is_natural else _("{result}, no natural")
        return message.format(result=final)
    margin = abs(coup.player.total - coup.banker.total)
    message = _("{result}, by {margin}, a natural") if coup.is_natural else _("{result}, by {margin}, no natural")
    return message.format(result=final, margin=margin)


def _settlement_text(settlement) -> str:
    """Why a bet won, pushed or lost and what changed hands (``Settlement.explanation``).

    >>> from baccarat_lib.game import play_coup, settle
    >>> _settlement_text(settle("player", 100, play_coup("2 3 3 A 7 4")))
    'The Player bet loses (Banker wins 8–2): it pays only on player wins; the dealer takes the 100 stake.'
    """
    said = {"bet": _bet_words(settlement.bet), "stake": money(settlement.stake)}
    line = settlement.line
    if line is None:
        said["pays_on"] = _either_of(settlement.pays_on)
        if settlement.judged_on == "pair":
            return _("The {bet} bet loses: it pays only on {pays_on}; the dealer takes the {stake} stake.").format(
                **said)
        return _("The {bet} bet loses ({what}): it pays only on {pays_on}; the dealer takes the {stake} "
                 "stake.").format(what=_what_happened(settlement), **said)
    said["event"] = _event_words(line.event)
    if settlement.result == "push":
        return _("The {bet} bet pushes ({event}): the {stake} stake is returned.").format(**said)
    if settlement.result == "loses":
        return (_("The {bet} bet loses on a tie, as this table says; the dealer takes the {stake} stake.")
                if line.event == "tie" else
                _("The {bet} bet loses: {event}; the dealer takes the {stake} stake.")).format(**said)
    gross, commission = settlement.gross, settlement.commission
    why = [_("The {bet} bet wins: {event}, paid {terms}.").format(terms=_terms(line.odds, line.commission), **said),
           (_("The dealer pays {paid} and collects {commission} commission: net {net}.") if line.commission
            else _("The dealer pays {paid}.")).format(paid=money(gross), commission=money(commission),
                                                       net=money(settlement.net))]
    if gross != settlement.exact_gross:
        why.append(_("{odds} on {stake} is {amount}: the fraction of a cent is not paid.").format(
            odds=line.odds, stake=said["stake"], amount=money(settlement.exact_gross)))
    if commission != settlement.exact_commission:
        why.append(_("{rate} of {paid} is {amount}: the fraction of a cent is not charged.").format(
            rate=_percent_text(line.commission), paid=money(gross), amount=money(settlement.exact_commission)))
    return " ".join(why)
