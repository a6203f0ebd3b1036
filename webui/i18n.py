"""Every sentence of the panel in English and Korean, in one table.

Pages get the table for their language as JSON (`strings(lang)`); the server's own error
sentences come from here too (`say(key, lang, **values)`). Hand names come from the engine.
"""

from __future__ import annotations

LANGUAGES = ("en", "ko")

TEXT: dict[str, tuple[str, str]] = {
    # navigation and pages
    "app_name": ("Mahjong table", "마작 테이블"),
    "nav_table": ("Table", "테이블"),
    "nav_hand": ("Record hand", "판 기록"),
    "nav_history": ("History", "기록"),
    "nav_settle": ("Settle up", "정산"),
    "nav_setup": ("Setup", "설정"),
    "nav_sessions": ("Sessions", "세션"),
    "nav_players": ("Players", "참가자"),
    "nav_join": ("Join", "참가"),
    "language": ("한국어", "English"),
    "offline": ("Reconnecting…", "다시 연결 중…"),
    "live": ("Live", "실시간"),
    # lock
    "locked": (
        "View only. Enter the table PIN to record hands.",
        "보기 전용입니다. 판을 기록하려면 테이블 PIN을 입력하세요.",
    ),
    "pin": ("Table PIN", "테이블 PIN"),
    "unlock": ("Unlock", "잠금 해제"),
    "unlocked": ("This phone can record hands.", "이 휴대폰으로 판을 기록할 수 있습니다."),
    "lock_again": ("Lock this phone", "이 휴대폰 잠그기"),
    "join_title": ("Join this table", "이 테이블에 참가"),
    "join_help": (
        "Scan with a phone on the same Wi-Fi, or open the address and type the PIN.",
        "같은 와이파이의 휴대폰으로 스캔하거나 주소를 열고 PIN을 입력하세요.",
    ),
    "pin_hidden": (
        "The PIN is shown on the screen of the computer that runs the panel.",
        "PIN은 패널을 실행하는 컴퓨터 화면에 표시됩니다.",
    ),
    "new_pin": ("New PIN (locks every phone)", "새 PIN (모든 휴대폰 잠김)"),
    # table page
    "no_session": (
        "No session yet. Set one up to begin.",
        "아직 세션이 없습니다. 설정부터 하세요.",
    ),
    "round": ("Round", "장"),
    "round_name": ("{round} round", "{round}장"),
    "next_hand": ("Next: hand {n}", "다음: {n}국"),
    "hand_in_round": ("Hand {n} · {round} round", "{n}국 · {round}장"),
    "n_points": ("{n} points", "{n}점"),
    "points_unit": ("points", "점"),
    "money_amount": ("{amount} won", "{amount}원"),
    "horse_left": ("Horse Race: {n} of 3 counters left", "경마: 말 {n}/3 남음"),
    "hand_no": ("Hand", "국"),
    "dealer": ("Dealer", "선"),
    "seat": ("Seat", "자리"),
    "points": ("Points", "점수"),
    "money": ("Money", "금액"),
    "horse_race": ("Horse Race", "경마"),
    "counters": ("counters", "말"),
    "last_hands": ("Latest hands", "최근 판"),
    "wind_E": ("East", "동"),
    "wind_S": ("South", "남"),
    "wind_W": ("West", "서"),
    "wind_N": ("North", "북"),
    # setup
    "setup_title": ("Set up the session", "세션 설정"),
    "player": ("Player", "참가자"),
    "player_seat_help": (
        "The first player starts as East (dealer), then South, West, North.",
        "첫 번째 참가자가 동(선)으로 시작하고 남, 서, 북 순서입니다.",
    ),
    "rules": ("Rules", "규칙"),
    "rules_standard": ("Korean 2-Point standard", "2점 마작 표준"),
    "rules_guide": ("Beginner's guide table", "초보자 안내 표"),
    "options": ("House options", "하우스 옵션"),
    "opt_pin_specials": ("Pin specials (8-point 1p/5p hands)", "통 특수패 (8점 1통/5통)"),
    "opt_multiple_winners": ("Every winner on one discard collects", "한 패에 여러 명 모두 화료"),
    "opt_flower_tiles": ("Flower tiles (flowers or seasons)", "꽃패 (꽃 또는 계절)"),
    "opt_flower_tiles_flowers": (
        "Flowers (plum, orchid, chrysanthemum, bamboo)",
        "꽃 (매화, 난초, 국화, 대나무)",
    ),
    "opt_flower_tiles_seasons": (
        "Seasons (spring, summer, autumn, winter)",
        "계절 (봄, 여름, 가을, 겨울)",
    ),
    "money_per_point": ("Money per point", "점당 금액"),
    "horse_race_on": ("Play the Horse Race", "경마 하기"),
    "save_setup": ("Save changes", "변경 저장"),
    "start_session": ("Start a new session", "새 세션 시작"),
    "new_session_warn": (
        "A new session starts from zero; the old one stays in the data folder.",
        "새 세션은 0부터 시작하며 이전 세션은 데이터 폴더에 남습니다.",
    ),
    # hand recording
    "outcome": ("Outcome", "결과"),
    "result_win": ("Win", "화료"),
    "result_wins": ("Several winners on one discard", "한 패에 여러 명 화료"),
    "result_draw": ("Exhaustive draw", "유국"),
    "result_abortive": ("Abortive draw", "무효국"),
    "abortive_nine_major": ("Nine major tiles", "구종구패"),
    "abortive_four_winds": ("Four same winds", "사풍연타"),
    "abortive_triple_wins": ("Triple wins", "삼가화"),
    "read_hand": ("Read the hand", "패 읽기"),
    "table_camera": ("Table camera", "테이블 카메라"),
    "read_button": ("Read", "읽기"),
    "phone_photo": ("Phone photo", "휴대폰 사진"),
    "take_photo": ("Take or choose a photo", "사진 찍기/선택"),
    "phone_camera": ("Phone camera", "휴대폰 카메라"),
    "open_camera": ("Open camera", "카메라 열기"),
    "snap": ("Snap and read", "찍고 읽기"),
    "reading": ("Reading…", "읽는 중…"),
    "tap_tile": ("Tap a tile to change it.", "패를 눌러 바꾸세요."),
    "unsure_tiles": (
        "{n} unsure tile(s) marked in orange.",
        "확실하지 않은 패 {n}개가 주황색입니다.",
    ),
    "foreign_tiles": (
        "This group holds {n} tile(s) this table's set lacks (bamboo, or the other flower "
        "tiles): check them.",
        "이 묶음에 이 판의 패에 없는 패(삭수패 또는 다른 꽃패)가 {n}개 있습니다. 확인하세요.",
    ),
    "foreign_mark": ("not Korean tiles", "한국 패 아님"),
    "whose_hand": ("Whose hand is it?", "누구의 패입니까?"),
    "hand_from_reading": ("Use this group", "이 묶음 사용"),
    "position_bottom": ("bottom", "아래"),
    "position_right": ("right", "오른쪽"),
    "position_top": ("top", "위"),
    "position_left": ("left", "왼쪽"),
    "zoom_hand": ("Zoom to the hand", "이 패만 크게"),
    "whole_picture": ("Whole picture", "사진 전체"),
    "the_hand": ("The hand", "패"),
    "standing": ("Standing tiles", "손패"),
    "sets": ("Sets laid down", "내려놓은 패"),
    "flowers": ("Flowers", "꽃패"),
    "add_tile": ("+ tile", "+ 패"),
    "add_set": ("+ set", "+ 몸통"),
    "add_flower": ("+ flower", "+ 꽃"),
    "remove": ("Remove", "삭제"),
    "win_tile": ("Winning tile", "화료패"),
    "make_win_tile": ("Winning tile", "화료패로"),
    "set_kind": ("Kind", "종류"),
    "kind_pung": ("Pung", "퐁"),
    "kind_kong": ("Kong (claimed)", "깡 (밍깡)"),
    "kind_added_kong": ("Added kong", "가깡"),
    "kind_concealed_kong": ("Concealed kong", "암깡"),
    "claimed_from": ("Claimed from", "가져온 사람"),
    "how_won": ("How it was won", "화료 방법"),
    "won_self_draw": ("{winner} won by self-draw", "{winner} 쯔모 화료"),
    "won_on_discard": (
        "{winner} won on {discarder}'s discard",
        "{winner}: {discarder}의 버림패로 론 화료",
    ),
    "winner": ("Winner", "화료자"),
    "winners": ("Winners", "화료자들"),
    "self_draw": ("Self-draw", "쯔모"),
    "discard": ("Discard", "론"),
    "discarder": ("Discarded by", "방총자"),
    "declared": ("Declared", "선언"),
    "declared_none": ("Nothing", "없음"),
    "declared_uper": ("Uper", "어퍼"),
    "declared_buller": ("Uper + buller", "어퍼 + 불러"),
    "declared_buji_uper": ("Buji uper", "부지어퍼"),
    "declared_buji_uper_buller": ("Buji uper + buller", "부지어퍼 + 불러"),
    "situations": ("Situations", "상황"),
    "sit_win_on_kong": ("Win on kong", "깡올라"),
    "sit_robbing_kong": ("Robbing the kong", "창깡"),
    "sit_last_tile": ("Last tile", "라스트 (마지막 패)"),
    "sit_first_turn": ("First turn", "첫 순"),
    "choose_winner": ("Choose the winner to see the score.", "점수를 보려면 화료자를 고르세요."),
    "choose_discarder": ("Choose who discarded the winning tile.", "방총자를 고르세요."),
    "choose_win_tile": (
        'Tap the tile that won and choose "Winning tile".',
        "화료한 패를 누르고 '화료패로'를 고르세요.",
    ),
    "waits": ("Waits before the win", "화료 전 대기패"),
    "score": ("Score", "점수"),
    "basic": ("Basic", "기본"),
    "bonus": ("Bonus", "보너스"),
    "total": ("Total", "합계"),
    "payments": ("Payments", "지불"),
    "not_winning": ("Not a winning hand", "화료 불가"),
    "reason_not_complete": ("The tiles do not make a complete hand.", "패가 완성되지 않았습니다."),
    "reason_below_minimum": (
        "Below the 2-point minimum: fewer than 2 basic points.",
        "2점 미만입니다: 기본 점수가 2점보다 적습니다.",
    ),
    "confirm": ("Confirm hand", "판 확정"),
    "save_edit": ("Save changes to hand {n}", "{n}국 변경 저장"),
    "confirmed": ("Hand {n} recorded.", "{n}국이 기록되었습니다."),
    "cancel": ("Cancel", "취소"),
    "close": ("Close", "닫기"),
    "done": ("Done", "완료"),
    "pick_tile": ("Pick a tile", "패 선택"),
    "winner_n": ("Winner {n}", "화료자 {n}"),
    "add_winner": ("+ winner", "+ 화료자"),
    # history
    "history_title": ("Every hand", "모든 판"),
    "edit": ("Edit", "수정"),
    "delete": ("Delete", "삭제"),
    "undo": ("Undo last change", "마지막 변경 취소"),
    "undo_what": ("Undo: {what}", "취소: {what}"),
    "undo_hand_added": ("hand {n} added", "{n}국 추가"),
    "undo_hand_edited": ("hand {n} edited", "{n}국 수정"),
    "undo_hand_deleted": ("hand {n} deleted", "{n}국 삭제"),
    "undo_session_setup": ("the setup change", "설정 변경"),
    "undo_session_started": ("starting this session", "이 세션 시작"),
    "delete_confirm": (
        "Delete hand {n}? Every hand after it is derived again.",
        "{n}국을 삭제할까요? 이후의 모든 판이 다시 계산됩니다.",
    ),
    "no_hands": ("No hands yet.", "아직 판이 없습니다."),
    "horse_payout": ("Horse Race payout", "경마 정산"),
    "horse_finished": (
        "{name} finished the Horse Race: +{amount} on top of the hand.",
        "{name} 님이 경마를 완주했습니다: 판 지불과 별도로 +{amount}.",
    ),
    "horse_line": (
        "Horse Race payout in points ({name} finished):",
        "경마 정산, 점 ({name} 완주):",
    ),
    "payments_line": ("Payments in points:", "지불, 점:"),
    "collects_alone": (
        "{winner} collects; {other} won too but is paid nothing: on one discard only the first"
        ' winner after the discarder is paid (house option "{option}" is off).',
        "{winner} 님만 받습니다. {other} 님도 화료했지만 받지 않습니다: 한 패에서는 방총자 다음"
        ' 순서의 첫 화료자만 받습니다 (하우스 옵션 "{option}" 꺼짐).',
    ),
    "in_all": ("In all", "모두"),
    "running_total": ("Running total", "누적 합계"),
    "doubled": ("doubled", "두 배"),
    "picture": ("Picture", "사진"),
    "picture_of_hand": ("The picture hand {n} was read from", "{n}번째 판을 읽은 사진"),
    "read_again": ("Read again", "다시 읽기"),
    # settle
    "settle_title": ("Who pays whom", "누가 누구에게"),
    "transfers": ("Fewest transfers", "최소 송금"),
    "pays": ("pays", "→"),
    "nobody_pays": ("Everyone is even.", "모두 정산할 것이 없습니다."),
    "chart": ("Running totals", "누적 점수"),
    "export_csv": ("Download CSV", "CSV 내려받기"),
    "export_json": ("Download JSON", "JSON 내려받기"),
    # sessions and players across evenings
    "sessions_title": ("Every session at this table", "이 테이블의 모든 세션"),
    "no_sessions": (
        "No session yet. Set one up to begin.",
        "아직 세션이 없습니다. 설정부터 하세요.",
    ),
    "session_n": ("Session {n}", "{n}번째 세션"),
    "session_now": ("Playing now", "진행 중"),
    "session_hands": ("Hands: {n}", "{n}판"),
    "session_started": ("Started {date}", "시작 {date}"),
    "session_problem": (
        "This session's record could not be replayed: {error}",
        "이 세션의 기록을 다시 계산하지 못했습니다: {error}",
    ),
    "past_session": (
        "Session {n}, started {date}: a past session, shown as it was recorded. Changes go to the"
        " session being played now.",
        "{n}번째 세션 ({date} 시작): 지난 세션이며 기록된 그대로 보여 줍니다. 변경은 지금 진행"
        " 중인 세션에만 할 수 있습니다.",
    ),
    "all_sessions": ("All sessions", "모든 세션"),
    "players_title": ("Players across sessions", "세션별 참가자 기록"),
    "no_players": ("Nobody has played yet.", "아직 아무도 경기하지 않았습니다."),
    "sessions_played": ("Sessions", "세션"),
    "hands_played": ("Hands played", "참가한 판"),
    "hands_won": ("Hands won", "화료한 판"),
    "horse_finishes": ("Horse Race finishes", "경마 완주"),
    "in_all_sessions": ("In all sessions", "모든 세션 합계"),
    "most_scored": ("The hands of the rules scored most", "가장 많이 낸 역"),
    "n_hands_won": ("in {n} hands won", "화료 {n}판"),
    "nothing_scored": ("No winning hand yet.", "아직 화료한 판이 없습니다."),
    "totals_by_session": ("Totals by session (points)", "세션별 합계 (점)"),
    "chart_bar": ("Session {n}: {points} points", "{n}번째 세션: {points}점"),
    "by_session": ("Session by session", "세션별"),
    "entered_as": ("Entered as {name}", "{name}(으)로 입력됨"),
    "earlier_names": ("Also entered as: {names}", "다른 이름으로도 입력됨: {names}"),
    "renamed_note": (
        "{old} is now {new} in every session.",
        "{old} 님은 이제 모든 세션에서 {new}입니다.",
    ),
    "rename_title": ("Rename, or make two names one player", "이름 바꾸기 또는 두 이름 합치기"),
    "rename_help": (
        "The new name replaces this one in every session on the Sessions and Players pages;"
        " each session's own history keeps the names typed that evening. The name of another"
        " player makes the two one player.",
        "새 이름은 세션 및 참가자 화면의 모든 세션에서 이 이름을 대신합니다. 각 세션의 기록은 그날"
        " 입력한 이름을 그대로 둡니다. 다른 참가자의 이름을 쓰면 두 사람이 한 참가자로 합쳐집니다.",
    ),
    "new_name": ("New name", "새 이름"),
    "rename": ("Rename", "이름 바꾸기"),
    "rename_locked": (
        "Enter the table PIN above to rename a player.",
        "참가자 이름을 바꾸려면 위에서 테이블 PIN을 입력하세요.",
    ),
    "rename_name": (
        "A player's name is 1 to 24 characters.",
        "참가자 이름은 1~24자여야 합니다.",
    ),
    "rename_same": (
        "{name} is already this player's name.",
        "이미 이 참가자의 이름이 {name}입니다.",
    ),
    "rename_earlier_name": (
        "{name} is an earlier name of {player}: choose another name, or rename to {player} to"
        " make the two one player.",
        "{name}은(는) {player} 님의 예전 이름입니다. 다른 이름을 고르거나, 두 사람을 합치려면"
        " {player}(으)로 바꾸세요.",
    ),
    "players_met": (
        "{name} and {other} played at the same table in session {n}: they cannot be one player.",
        "{name} 님과 {other} 님은 {n}번째 세션에서 함께 경기했으므로 한 참가자가 될 수 없습니다.",
    ),
    "player_unknown": (
        "Nobody named {name} has played at this table.",
        "{name}(이)라는 참가자는 이 테이블에서 경기한 적이 없습니다.",
    ),
    "session_unknown": ("There is no such session at this table.", "이 테이블에 없는 세션입니다."),
    # the CSV export's column headers
    "csv_hand": ("hand", "국"),
    "csv_round": ("round", "장"),
    "csv_dealer": ("dealer", "선"),
    "csv_result": ("result", "결과"),
    "csv_winners": ("winners", "화료자"),
    "csv_discarder": ("discarder", "방총자"),
    "csv_total_points": ("total points", "점수 합계"),
    "csv_payment": ("{name} payment", "{name} 지불"),
    "csv_horse_race": ("{name} horse race", "{name} 경마"),
    "csv_running_total": ("{name} running total", "{name} 누적 점수"),
    # camera status
    "camera_status": ("Camera", "카메라"),
    "camera_connecting": ("Connecting to {source}…", "{source}에 연결하는 중…"),
    "camera_live": ("Live: {source}", "실시간: {source}"),
    "camera_demo": (
        "Demo table: a built-in picture, not a camera",
        "데모 테이블: 카메라가 아닌 내장 그림",
    ),
    "camera_reconnecting": (
        "{why} Trying again in {seconds} s.",
        "{why} {seconds}초 뒤에 다시 시도합니다.",
    ),
    "camera_stalled": (
        "No new picture from {source} for {seconds} s.",
        "{seconds}초 동안 {source}에서 새 화면이 오지 않았습니다.",
    ),
    "camera_ended": ("{source} has no more pictures.", "{source}: 더 이상 화면이 없습니다."),
    "camera_stopped": ("The camera stopped: {why}", "카메라가 멈췄습니다: {why}"),
    "camera_failed": (
        "The table camera could not start: {why}",
        "테이블 카메라를 시작하지 못했습니다: {why}",
    ),
    # errors (server sentences)
    "csrf_token": (
        "This page is out of date; reload it and try again.",
        "페이지가 오래되었습니다. 새로 고친 뒤 다시 시도하세요.",
    ),
    "csrf_origin": (
        "Changes are only accepted from this table's own pages.",
        "이 테이블의 페이지에서만 변경할 수 있습니다.",
    ),
    "need_pin": (
        "This phone can only look. Enter the table PIN to change anything.",
        "이 휴대폰은 보기만 가능합니다. 변경하려면 테이블 PIN을 입력하세요.",
    ),
    "wrong_pin": ("That PIN is not this table's PIN.", "테이블 PIN이 아닙니다."),
    "pin_pause": (
        "Too many wrong PINs from this phone; wait a minute.",
        "잘못된 PIN이 너무 많습니다. 1분 뒤에 다시 시도하세요.",
    ),
    "pin_pause_all": (
        "Too many wrong PINs at this table; unlocking is paused for a minute.",
        "이 테이블에 잘못된 PIN이 너무 많습니다. 1분 동안 잠금 해제가 멈춥니다.",
    ),
    "host_only": (
        "Only the computer that runs the panel can do this.",
        "패널을 실행하는 컴퓨터에서만 할 수 있습니다.",
    ),
    "host_unknown": (
        "This panel does not answer to the name {host}; open it by the address shown on the"
        " table's computer.",
        "이 패널은 {host} 이름으로 열 수 없습니다. 테이블 컴퓨터에 표시된 주소로 여세요.",
    ),
    "body_too_big": (
        "The request is larger than {kb} KB; nothing was changed.",
        "요청이 {kb}KB보다 큽니다. 아무것도 바뀌지 않았습니다.",
    ),
    "preview_busy": (
        "Too many score previews from this phone; wait a moment.",
        "이 휴대폰의 점수 미리보기 요청이 너무 많습니다. 잠시 기다리세요.",
    ),
    "text_broken": (
        "{field} holds text that is not valid Unicode (half of a character pair).",
        "{field}에 올바르지 않은 유니코드 글자(짝이 없는 반쪽 글자)가 있습니다.",
    ),
    "too_many_streams": (
        "Too many live updates are open; this page will refresh itself instead.",
        "실시간 연결이 너무 많습니다. 이 페이지는 대신 스스로 새로 고칩니다.",
    ),
    "bad_json": ("The request is not valid JSON.", "요청이 올바른 JSON이 아닙니다."),
    "field_missing": ("{field} is missing.", "{field} 항목이 없습니다."),
    "field_wrong": ("{field}: {why}.", "{field}: {why}."),
    "players_four": ("Enter four player names.", "참가자 이름 네 개를 입력하세요."),
    "player_name": (
        "Player {n} needs a name of at most 24 characters.",
        "{n}번 참가자 이름은 1~24자여야 합니다.",
    ),
    "players_unique": ("Two players have the same name.", "같은 이름의 참가자가 있습니다."),
    "rules_unknown": ("Rules must be standard or guide.", "규칙은 standard 또는 guide여야 합니다."),
    "option_unknown": (
        "{name} is not a house option here.",
        "{name}은(는) 하우스 옵션이 아닙니다.",
    ),
    "money_wrong": (
        "Money per point must be a number from 0 to 1,000,000.",
        "점당 금액은 0에서 1,000,000 사이의 숫자여야 합니다.",
    ),
    "no_session_yet": ("Set up a session first.", "먼저 세션을 설정하세요."),
    "hand_already_recorded": (
        "Hand {number} was already recorded by another phone; the table now has {count} hands.",
        "{number}국은 이미 다른 휴대폰에서 기록되었습니다. 현재 {count}국입니다.",
    ),
    "expected_missing": (
        "Say which hand number this is (expected_hands).",
        "몇 번째 판인지 알려 주세요 (expected_hands).",
    ),
    "hand_not_found": ("That hand is not in the history.", "기록에 없는 판입니다."),
    "hand_has_no_picture": (
        "That hand was entered by hand: it has no picture.",
        "손으로 입력한 판이라 사진이 없습니다.",
    ),
    "nothing_to_undo": ("There is nothing to undo.", "취소할 것이 없습니다."),
    "undo_moved_on": (
        "Someone changed the table meanwhile; look again before undoing.",
        "그 사이 다른 변경이 있었습니다. 확인 후 다시 취소하세요.",
    ),
    "engine_refused": ("{error}", "{error}"),
    "why_options": ("a set of house options", "하우스 옵션 모음이어야 합니다"),
    "why_true_false": ("true or false", "true 또는 false여야 합니다"),
    "why_player": ("a player 0 to 3", "참가자 번호 0~3이어야 합니다"),
    "why_filled_in": (
        "filled in by the table, leave it out",
        "테이블이 채우는 항목이니 빼고 보내세요",
    ),
    "why_winner_entry": ("a winner and a score", "화료자와 점수가 있어야 합니다"),
    "why_number": ("a number", "숫자여야 합니다"),
    "why_token": ("8 to 80 characters", "8~80자여야 합니다"),
    "why_picture": ("not a picture read at this table", "이 테이블에서 읽은 사진이 아닙니다"),
    "result_unknown": (
        "Outcome must be win, wins, draw or abortive.",
        "결과는 win, wins, draw, abortive 중 하나여야 합니다.",
    ),
    "no_picture": ("Send a photo in the field 'photo'.", "'photo' 항목으로 사진을 보내세요."),
    "picture_empty": ("The photo is empty.", "사진이 비어 있습니다."),
    "picture_too_big": (
        "The photo is larger than {mb} MB; send a smaller one.",
        "사진이 {mb}MB보다 큽니다. 더 작은 사진을 보내세요.",
    ),
    "picture_kind": (
        "That file is not a JPEG, PNG or WebP photo.",
        "JPEG, PNG, WebP 사진이 아닙니다.",
    ),
    "picture_damaged": (
        "The photo could not be opened; it may be damaged.",
        "사진을 열 수 없습니다. 손상되었을 수 있습니다.",
    ),
    "picture_too_many_pixels": (
        "The photo has more than {mp} megapixels; send a smaller one.",
        "사진이 {mp}메가픽셀보다 큽니다. 더 작은 사진을 보내세요.",
    ),
    "camera_no_frame": (
        "The table camera has no picture yet: {why}",
        "테이블 카메라 화면이 아직 없습니다: {why}",
    ),
    "reader_failed": (
        "The tiles could not be read from this picture: {error}",
        "이 사진에서 패를 읽지 못했습니다: {error}",
    ),
    "not_found": ("There is no such page.", "없는 페이지입니다."),
    "server_error": (
        "Something went wrong on the table's computer; nothing was recorded.",
        "테이블 컴퓨터에서 문제가 생겼습니다. 아무것도 기록되지 않았습니다.",
    ),
}


def pick(lang: str | None) -> str:
    return lang if lang in LANGUAGES else "en"


def say(key: str, lang: str = "en", **values) -> str:
    english, korean = TEXT.get(key, (key, key))
    text = korean if pick(lang) == "ko" else english
    try:
        return text.format(**values)
    except (KeyError, IndexError):
        return text


def strings(lang: str) -> dict[str, str]:
    index = 1 if pick(lang) == "ko" else 0
    return {key: pair[index] for key, pair in TEXT.items()}
