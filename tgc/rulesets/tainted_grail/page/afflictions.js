// Tainted Grail in the web player, the "You Are Dying" and "You Are Going Insane" cards
// outside an encounter: engines/afflictions.py ported line for line. 000, "Death and
// insanity": Health at 0 at any moment attaches the Dying card, Terror in the red slots
// the Insane card (the solo card in a solo game), each once, its `attached` rules applied
// (advance.js's port of outside.py); a card comes off when its `remove` rule holds. The
// fights engine (fights.js) follows every story effect with it, as engines/ruleset.py's
// settle follows every effect in tgc play (the story's Settling seam).
(function (root) {
  "use strict";
  var P = root.TgcPlayer, F = root.TgcFights, has = F.has;

  // The member with the cards its tracks call for attached and those that may go taken
  // off; a line for each change (afflictions.py's update).
  function update(rules, member, players) {
    var said = [], cards = rules.afflictions, outside = P.taintedGrailOutside;
    var names = member.piles.afflictions || [];
    due(rules, member).forEach(function (kind) {
      if (names.some(function (n) { return has(cards, n) && cards[n].attach === kind; })) return;
      var card = F.afflictionFor(cards, kind, players);
      if (!card) return;
      (member.piles.afflictions = member.piles.afflictions || []).push(card.name);
      names = member.piles.afflictions;
      said.push(member.name + ": " + card.name + " is attached");
      said = said.concat(outside.apply(rules.outside, member, card.attached, null, null));
    });
    attached(rules, member).forEach(function (card) {
      if (card.remove.length && card.remove.every(function (c) { return outside.holds(rules.outside, c, member); })) {
        member.piles.afflictions.splice(member.piles.afflictions.indexOf(card.name), 1);
        said.push(member.name + ": " + card.name + " comes off");
      }
    });
    return said;
  }
  function attached(rules, member) {
    return (member.piles.afflictions || []).filter(function (n) { return has(rules.afflictions, n); })
      .map(function (n) { return rules.afflictions[n]; });
  }
  // Which cards the member's tracks call for now: `dying` at Health 0, `insane` with
  // Terror in the red slots (the declared character's; 2 otherwise, as the rulebook's track).
  function due(rules, member) {
    var declared = has(rules.characters, member.name.toLowerCase()) ? rules.characters[member.name.toLowerCase()] : null;
    var red = declared ? declared.terror.red : 2, kinds = [];
    if ((has(member.tracks, "health") ? member.tracks.health : 1) <= 0) kinds.push("dying");
    var limit = member.limits.terror;
    if (limit != null && (member.tracks.terror || 0) > limit - red) kinds.push("insane");
    return kinds;
  }

  // engines/ruleset.py's settle: after a story effect, each member's cards as the tracks
  // now call for, the game's player count choosing the solo or the co-op card.
  F.settle = function (rules, state) {
    if (!Object.keys(rules.afflictions).length) return [];
    var said = [], players = state.players != null ? state.players : state.party.length;
    state.party.forEach(function (c) { said = said.concat(update(rules, c, players)); });
    return said;
  };
})(typeof window !== "undefined" ? window : globalThis);
