import { describe, expect, it } from 'vitest';
import { parsePastedRows } from './parse-pasted-rows';

describe('rows pasted from a spreadsheet', () => {
  it('uses a Hebrew title row and keeps the pasted line numbers', () => {
    const block = parsePastedRows('שם מלא\tטלפון\tמספר מוזמנים\tקבוצה\r\nדנה כהן\t050-1234567\t2\tמשפחה\r\n\r\nיוסי\t0527654321\t\t\n');
    expect(block.hadTitleRow).toBe(true);
    expect(block.rows).toEqual([
      { fullName: 'דנה כהן', phoneNumber: '050-1234567', countOfInvites: '2', group: 'משפחה' },
      { fullName: 'יוסי', phoneNumber: '0527654321' },
    ]);
    expect(block.lines).toEqual([2, 4]);
  });

  it('reads a quoted cell holding the separator, a quote or a line break as one cell, and numbers lines as pasted', () => {
    const block = parsePastedRows('name,phone,group\n"Cohen, Dan",0501234567,"The ""A"" team"\n\n"Levi\nRuth",0527654321,Work\nMoshe,0541111111,Work\n');
    expect(block.rows).toEqual([
      { fullName: 'Cohen, Dan', phoneNumber: '0501234567', group: 'The "A" team' },
      { fullName: 'Levi\nRuth', phoneNumber: '0527654321', group: 'Work' },
      { fullName: 'Moshe', phoneNumber: '0541111111', group: 'Work' },
    ]);
    expect(block.lines).toEqual([2, 4, 6]);
    const tabs = parsePastedRows('שם\tטלפון\n"דנה\tכהן"\t0501234567\n');
    expect(tabs.rows).toEqual([{ fullName: 'דנה\tכהן', phoneNumber: '0501234567' }]);
  });

  it("reads the titles hosts use, with abbreviations: מס' מוזמנים is the number invited", () => {
    expect(parsePastedRows("שם\tנייד\tמס' מוזמנים\tצד\nמשפחת לוי\t0501234567\t4\tכלה").rows).toEqual([
      // "צד" is the side column; a cell that is no side of the event ("כלה") becomes the row's group on the server.
      { fullName: 'משפחת לוי', phoneNumber: '0501234567', countOfInvites: '4', side: 'כלה' },
    ]);
  });

  it('reads columns in any order by their English titles', () => {
    expect(parsePastedRows('Phone\tFull name\n0501234567\tDana').rows).toEqual([{ fullName: 'Dana', phoneNumber: '0501234567' }]);
  });

  it('guesses the columns without titles: the phone, a small count, then name and group', () => {
    const block = parsePastedRows('0501234567\tDana Cohen\t3\tFriends\n0527654321\tAvi\t1\tFamily');
    expect(block.hadTitleRow).toBe(false);
    expect(block.rows[0]).toEqual({ fullName: 'Dana Cohen', phoneNumber: '0501234567', countOfInvites: '3', group: 'Friends' });
    expect(block.rows).toHaveLength(2);
  });

  it('takes name then phone when the first row has no valid phone, so the server can report it', () => {
    expect(parsePastedRows('Dana\t123\nAvi\t0501234567').rows).toEqual([
      { fullName: 'Dana', phoneNumber: '123' },
      { fullName: 'Avi', phoneNumber: '0501234567' },
    ]);
  });

  it('reads comma- or semicolon-separated text and ignores blank input', () => {
    expect(parsePastedRows('Dana;0501234567\nAvi;0527654321').rows).toHaveLength(2);
    expect(parsePastedRows('  \n\n').rows).toEqual([]);
  });
});
