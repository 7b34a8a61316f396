// tgc web player, chance: Python's random.Random (CPython's Mersenne Twister, MT19937),
// ported draw for draw, so a page given tgc's seed draws what tgc play, tgc sim and
// every ruleset's engine draw from that seed: the same dice, the same shuffled decks,
// the same picks. tgc/runtime/rng.py and the rulesets' engines seed one
// random.Random(seed) with an int; the page does the same with TgcRandom.Random(seed).
//
// Ported: seeding from an int (CPython's init_by_array over the seed's 32-bit words),
// getrandbits, _randbelow (as randbelow), randrange, randint, random, uniform, choice,
// choices, shuffle, sample, and getstate/setstate (the 624 words and the index, as
// Python's getstate()[1]). tests/test_web_rng.py draws each against Python on many seeds.
// Numbers are JS numbers up to 2^53; a seed may also be a BigInt or a decimal string
// (tgc's run seeds are 64-bit).
(function (root) {
  "use strict";

  var N = 624, M = 397;
  var UPPER = 0x80000000, LOWER = 0x7fffffff, MATRIX = 0x9908b0df;

  function Random(seed) {
    this.mt = new Array(N);
    this.index = N + 1;
    this.seed(seed == null ? 0 : seed);
  }

  // CPython's init_genrand.
  Random.prototype.initGenrand = function (s) {
    var mt = this.mt;
    mt[0] = s >>> 0;
    for (var i = 1; i < N; i++) {
      var prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  };

  // CPython's init_by_array: the seed's absolute value as little-endian 32-bit words.
  Random.prototype.seed = function (seed) {
    var key = words(seed), mt = this.mt, i = 1, j = 0, k, prev;
    this.initGenrand(19650218);
    for (k = Math.max(N, key.length); k; k--) {
      prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++; j++;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
      if (j >= key.length) j = 0;
    }
    for (k = N - 1; k; k--) {
      prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
    }
    mt[0] = 0x80000000;
    this.index = N;
  };

  // An int seed as CPython reads it: abs(seed), split into 32-bit words, least first.
  function words(seed) {
    var big;
    if (typeof seed === "bigint") big = seed;
    else if (typeof seed === "string" && /^-?[0-9]+$/.test(seed)) big = BigInt(seed);
    else if (typeof seed === "number" && Number.isSafeInteger(seed)) big = BigInt(seed);
    else throw new TypeError("a seed is a whole number, not " + String(seed));
    if (big < 0n) big = -big;
    var out = [];
    while (big > 0n) { out.push(Number(big & 0xffffffffn)); big >>= 32n; }
    return out.length ? out : [0];
  }

  // CPython's genrand_uint32: the next 32-bit word.
  Random.prototype.next32 = function () {
    var mt = this.mt, y, kk;
    if (this.index >= N) {
      for (kk = 0; kk < N - M; kk++) {
        y = (mt[kk] & UPPER) | (mt[kk + 1] & LOWER);
        mt[kk] = (mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? MATRIX : 0)) >>> 0;
      }
      for (; kk < N - 1; kk++) {
        y = (mt[kk] & UPPER) | (mt[kk + 1] & LOWER);
        mt[kk] = (mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? MATRIX : 0)) >>> 0;
      }
      y = (mt[N - 1] & UPPER) | (mt[0] & LOWER);
      mt[N - 1] = (mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? MATRIX : 0)) >>> 0;
      this.index = 0;
    }
    y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  };

  // random(): 53 random bits as a float in [0, 1).
  Random.prototype.random = function () {
    var a = this.next32() >>> 5, b = this.next32() >>> 6;
    return (a * 67108864 + b) * (1 / 9007199254740992);
  };

  // getrandbits(k): a number for k <= 53 (exact), a BigInt above.
  Random.prototype.getrandbits = function (k) {
    if (k < 0) throw new RangeError("number of bits must be non-negative");
    if (k === 0) return 0;
    if (k <= 32) return this.next32() >>> (32 - k);
    var big = 0n, shift = 0n;
    for (var left = k; left > 0; left -= 32, shift += 32n) {
      var word = this.next32();
      if (left < 32) word >>>= 32 - left;
      big |= BigInt(word) << shift;
    }
    return k <= 53 ? Number(big) : big;
  };

  function bitLength(n) {
    var bits = 0;
    while (n >= 4294967296) { n = Math.floor(n / 4294967296); bits += 32; }
    while (n > 0) { n = Math.floor(n / 2); bits += 1; }
    return bits;
  }

  // _randbelow(n): 0 <= r < n by rejection over n's bit length, as CPython draws it.
  Random.prototype.randbelow = function (n) {
    if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError("randbelow needs a whole number above 0, not " + n);
    var k = bitLength(n), r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  };

  Random.prototype.randrange = function (start, stop, step) {
    if (stop == null) {
      if (start > 0) return this.randbelow(start);
      throw new RangeError("empty range for randrange()");
    }
    step = step == null ? 1 : step;
    var width = stop - start, n;
    if (step === 1) {
      if (width > 0) return start + this.randbelow(width);
      throw new RangeError("empty range for randrange()");
    }
    if (step > 0) n = Math.floor((width + step - 1) / step);
    else if (step < 0) n = Math.floor((width + step + 1) / step);
    else throw new RangeError("zero step for randrange()");
    if (n <= 0) throw new RangeError("empty range for randrange()");
    return start + step * this.randbelow(n);
  };
  Random.prototype.randint = function (a, b) { return this.randrange(a, b + 1); };
  Random.prototype.uniform = function (a, b) { return a + (b - a) * this.random(); };

  Random.prototype.choice = function (seq) {
    if (!seq.length) throw new RangeError("cannot choose from an empty sequence");
    return seq[this.randbelow(seq.length)];
  };

  // choices(population, weights, cumWeights, k), as Python's keyword arguments.
  Random.prototype.choices = function (population, weights, cumWeights, k) {
    var n = population.length, out = [], i;
    k = k == null ? 1 : k;
    if (cumWeights == null) {
      if (weights == null) {
        for (i = 0; i < k; i++) out.push(population[Math.floor(this.random() * n)]);
        return out;
      }
      cumWeights = [];
      weights.reduce(function (sum, w) { cumWeights.push(sum + w); return sum + w; }, 0);
    }
    if (cumWeights.length !== n) throw new RangeError("the number of weights does not match the population");
    var total = cumWeights[n - 1] + 0;
    if (!(total > 0)) throw new RangeError("total of weights must be greater than zero");
    for (i = 0; i < k; i++) out.push(population[bisectRight(cumWeights, this.random() * total, 0, n - 1)]);
    return out;
  };
  function bisectRight(list, x, lo, hi) {
    while (lo < hi) {
      var mid = Math.floor((lo + hi) / 2);
      if (x < list[mid]) hi = mid; else lo = mid + 1;
    }
    return lo;
  }

  // shuffle(list) in place: Fisher-Yates from the end, as CPython.
  Random.prototype.shuffle = function (list) {
    for (var i = list.length - 1; i > 0; i--) {
      var j = this.randbelow(i + 1), t = list[i];
      list[i] = list[j]; list[j] = t;
    }
    return list;
  };

  // sample(population, k): k distinct picks in selection order, with CPython's two ways
  // (a pool for small populations, a set of picked indexes for large ones).
  Random.prototype.sample = function (population, k) {
    var n = population.length, out = new Array(k), i, j;
    if (!(k >= 0 && k <= n)) throw new RangeError("sample larger than population or is negative");
    var setsize = 21;
    if (k > 5) setsize += Math.pow(4, Math.ceil(Math.log(k * 3) / Math.log(4)));
    if (n <= setsize) {
      var pool = population.slice();
      for (i = 0; i < k; i++) {
        j = this.randbelow(n - i);
        out[i] = pool[j];
        pool[j] = pool[n - i - 1];
      }
    } else {
      var selected = new Set();
      for (i = 0; i < k; i++) {
        j = this.randbelow(n);
        while (selected.has(j)) j = this.randbelow(n);
        selected.add(j);
        out[i] = population[j];
      }
    }
    return out;
  };

  // The generator's state as Python's getstate()[1] holds it: 624 words, then the index.
  Random.prototype.getstate = function () { return this.mt.concat([this.index]); };
  Random.prototype.setstate = function (state) {
    if (!state || state.length !== N + 1) throw new RangeError("a state is 625 numbers");
    this.mt = state.slice(0, N).map(function (w) { return w >>> 0; });
    this.index = state[N];
  };
  // An independent copy at the same point.
  Random.prototype.fork = function () {
    var twin = Object.create(Random.prototype);
    twin.mt = this.mt.slice();
    twin.index = this.index;
    return twin;
  };

  root.TgcRandom = { Random: Random };
})(typeof window !== "undefined" ? window : globalThis);
