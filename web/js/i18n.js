// UI strings in English and Japanese. Engine texts (log, card text) come from the engine in both languages.

const STRINGS = {
  en: {
    title: "Palworld Card Game",
    loading: "Loading the game engine…",
    loadingDetail: "Python starts in your browser. After the first visit this works offline.",
    engineMissing: "The game engine could not be loaded",
    newGame: "New game",
    language: "日本語",
    languageLabel: "Switch language to Japanese",
    undo: "Undo",
    undoLabel: "Undo your last decision",
    concede: "Concede",
    start: "Start game",
    mode: "Opponent",
    modeComputer: "Play against the computer",
    modeHotseat: "Hot-seat: two players, one device",
    deckFor: "{player}'s deck",
    deckForYou: "Your deck",
    deckCode: "…or paste a deck code",
    deckCodePlaceholder: "deck code",
    firstPlayer: "Who goes first",
    firstRules: "Let the rules decide (random)",
    firstP0: "{p0} goes first",
    firstP1: "{p1} goes first",
    firstYou: "You go first",
    firstOther: "{player} goes first",
    seed: "Seed (optional, for a repeatable game)",
    you: "You",
    computer: "Computer",
    player1: "Player 1",
    player2: "Player 2",
    life: "Life",
    deck: "Deck",
    soulDeck: "Soul deck",
    souls: "Souls",
    standing: "standing",
    rested: "rested",
    material: "Material",
    ingredient: "Ingredient",
    hand: "Hand",
    handCount: "{n} cards in hand",
    base: "Base",
    graveyard: "Graveyard",
    exile: "Exile",
    night: "Night",
    day: "Day",
    turn: "Turn {n}",
    phase_stand: "Stand",
    phase_draw: "Draw",
    phase_soul: "Soul",
    phase_main: "Main",
    phase_end: "End",
    phase_setup: "Setup",
    battle: "Battle",
    attacking: "{attacker} attacks {target}",
    thePlayer: "the player",
    youObject: "you",
    turnTrack: "Turn track",
    playmatLabel: "Playmat",
    log: "Game log",
    details: "Card details",
    detailsHint: "Point at or focus a card to read it.",
    decision: "Your decision",
    waitingComputer: "The computer is thinking…",
    waitingFor: "{player} decides",
    passTitle: "Pass the device to {player}",
    passBody: "{player}, press the button when only you can see the screen.",
    passReady: "I am {player}: show my cards",
    close: "Close",
    emptyZone: "No cards here.",
    damageCheck: "Damage check: {player} takes {amount}",
    damageCheckYou: "Damage check: you take {amount}",
    damageCard: "Card {index} of {amount}",
    luckyCancel: "Lucky Pal! The damage is cancelled.",
    lifeLost: "{player} loses {amount} life.",
    lifeLostYou: "You lose {amount} life.",
    continue: "Continue",
    gameOver: "Game over",
    winner: "{player} wins!",
    winnerYou: "You win!",
    draw: "The game is a draw.",
    reason_life: "Life reached 0.",
    reason_deck_out: "A deck ran out.",
    reason_both_lost: "Both players lost at once.",
    reason_concede: "A player conceded.",
    playAgain: "Play again",
    notNow: "Not possible now",
    skipToDecision: "Skip to the decision",
    hideOptions: "Hide options",
    showOptions: "Show options",
    shortcutHint: "Keys: 1–9 choose an option, Tab moves between cards, Enter opens a card's actions, L toggles the language, U undoes.",
    cost: "Cost",
    power: "Power",
    durability: "Durability",
    strike: "Strike",
    lucky: "Lucky",
    damage: "Damage",
    pals: "{n}/5 Pals",
    badDeck: "This deck cannot be used: {error}",
    badScenario: "This scenario cannot be set up: {error}",
    scenarioTooLarge: "the scenario in the link is too large ({size} KiB; at most {limit} KiB)",
    scenarioTooDeep: "the scenario in the link is nested too deeply (more than {limit} levels)",
    updateReady: "A new version is ready",
    updateReload: "Reload",
    updateReloadLabel: "Reload the page to run the new version",
    navLabel: "Main menu",
    navPlay: "Play",
  },
  ja: {
    title: "パルワールド カードゲーム",
    loading: "ゲームエンジンを読み込んでいます…",
    loadingDetail: "ブラウザの中でPythonが起動します。2回目以降はオフラインでも動きます。",
    engineMissing: "ゲームエンジンを読み込めませんでした",
    newGame: "新しいゲーム",
    language: "English",
    languageLabel: "英語に切り替える",
    undo: "元に戻す",
    undoLabel: "直前の選択を取り消す",
    concede: "投了",
    start: "ゲーム開始",
    mode: "対戦相手",
    modeComputer: "コンピューターと対戦",
    modeHotseat: "ホットシート：1台で2人対戦",
    deckFor: "{player}のデッキ",
    deckForYou: "あなたのデッキ",
    deckCode: "…またはデッキコードを貼り付け",
    deckCodePlaceholder: "デッキコード",
    firstPlayer: "先攻",
    firstRules: "ルールで決める（ランダム）",
    firstP0: "{p0}が先攻",
    firstP1: "{p1}が先攻",
    firstYou: "あなたが先攻",
    firstOther: "{player}が先攻",
    seed: "シード（任意・同じゲームを再現）",
    you: "あなた",
    computer: "コンピューター",
    player1: "プレイヤー1",
    player2: "プレイヤー2",
    life: "ライフ",
    deck: "デッキ",
    soulDeck: "ソウルデッキ",
    souls: "ソウル",
    standing: "スタンド",
    rested: "レスト",
    material: "素材",
    ingredient: "食材",
    hand: "手札",
    handCount: "手札{n}枚",
    base: "拠点",
    graveyard: "墓地",
    exile: "除外",
    night: "夜",
    day: "昼",
    turn: "ターン{n}",
    phase_stand: "スタンド",
    phase_draw: "ドロー",
    phase_soul: "ソウル",
    phase_main: "メイン",
    phase_end: "エンド",
    phase_setup: "準備",
    battle: "バトル",
    attacking: "{attacker}が{target}にアタック",
    thePlayer: "プレイヤー",
    youObject: "あなた",
    turnTrack: "ターンの進行",
    playmatLabel: "プレイマット",
    log: "ゲームログ",
    details: "カード詳細",
    detailsHint: "カードにポインターを合わせるかフォーカスすると表示されます。",
    decision: "あなたの選択",
    waitingComputer: "コンピューターが考えています…",
    waitingFor: "{player}が選択中",
    passTitle: "{player}に端末を渡してください",
    passBody: "{player}は、自分だけが画面を見られる状態でボタンを押してください。",
    passReady: "{player}です：自分のカードを表示",
    close: "閉じる",
    emptyZone: "カードはありません。",
    damageCheck: "ダメージチェック：{player}に{amount}ダメージ",
    damageCheckYou: "ダメージチェック：あなたに{amount}ダメージ",
    damageCard: "{amount}枚中{index}枚目",
    luckyCancel: "ラッキーパル！ダメージは無効になりました。",
    lifeLost: "{player}はライフを{amount}失った。",
    lifeLostYou: "あなたはライフを{amount}失った。",
    continue: "続ける",
    gameOver: "ゲーム終了",
    winner: "{player}の勝利！",
    winnerYou: "あなたの勝利！",
    draw: "引き分けです。",
    reason_life: "ライフが0になりました。",
    reason_deck_out: "デッキがなくなりました。",
    reason_both_lost: "両者が同時に敗北しました。",
    reason_concede: "投了しました。",
    playAgain: "もう一度遊ぶ",
    notNow: "今はできません",
    skipToDecision: "選択へ移動",
    hideOptions: "選択肢を隠す",
    showOptions: "選択肢を表示",
    shortcutHint: "キー：1〜9で選択、Tabでカード移動、Enterでカードの行動、Lで言語切替、Uで元に戻す。",
    cost: "コスト",
    power: "パワー",
    durability: "耐久",
    strike: "ストライク",
    lucky: "ラッキー",
    damage: "ダメージ",
    pals: "パル{n}/5",
    badDeck: "このデッキは使えません：{error}",
    badScenario: "このシナリオは準備できません：{error}",
    scenarioTooLarge: "リンクのシナリオが大きすぎます（{size} KiB、上限 {limit} KiB）",
    scenarioTooDeep: "リンクのシナリオの入れ子が深すぎます（上限 {limit} 段）",
    updateReady: "新しいバージョンの準備ができました",
    updateReload: "再読み込み",
    updateReloadLabel: "ページを再読み込みして新しいバージョンを使う",
    navLabel: "メインメニュー",
    navPlay: "対戦",
  },
};

export const LANGS = Object.keys(STRINGS);

/** Whether a value names a UI language: only "en" and "ja" (never "constructor", "__proto__", …). */
export function isLang(value) {
  return typeof value === "string" && LANGS.includes(value);
}
let current = "en";
const listeners = new Set();

/** The current UI language ("en" or "ja"). */
export function lang() {
  return current;
}

/** Translate a UI string key, filling {placeholders} from params. Unknown keys show as the key. */
export function t(key, params = {}) {
  const own = (table) => (Object.hasOwn(table, key) ? table[key] : undefined);  // not Object.prototype's
  const template = own(STRINGS[current]) ?? own(STRINGS.en) ?? String(key);
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Add a screen's own strings to the catalogue ({en: {...}, ja: {...}}); a key defined twice is an error. */
export function addStrings(tables) {
  for (const [language, table] of Object.entries(tables)) {
    if (!isLang(language)) throw new Error(`unknown language ${language}`);
    for (const [key, text] of Object.entries(table)) {
      if (Object.hasOwn(STRINGS[language], key)) throw new Error(`UI string ${key} defined twice`);
      STRINGS[language][key] = text;
    }
  }
}

/** Whether a UI string key exists. */
export function has(key) {
  return Object.hasOwn(STRINGS.en, key);
}

/** Switch the language, refresh every [data-i18n] element and notify listeners. */
export function setLang(next) {
  if (!isLang(next)) return;
  current = next;
  document.documentElement.lang = next;
  try {
    localStorage.setItem("pwtcg.lang", next);
  } catch {
    /* storage may be disabled; the choice then lasts for this page only */
  }
  applyStatic(document);
  for (const listener of listeners) listener(next);
}

/** Call listener(lang) after every language switch. */
export function onLangChange(listener) {
  listeners.add(listener);
}

/** The saved language, else the browser's preference. */
export function initialLang() {
  const fromUrl = new URLSearchParams(location.search).get("lang");
  if (isLang(fromUrl)) return fromUrl;
  try {
    const saved = localStorage.getItem("pwtcg.lang");
    if (isLang(saved)) return saved;
  } catch {
    /* ignore */
  }
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

/** Fill the text (and aria-label / placeholder) of static elements marked with data-i18n*. */
export function applyStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
}
