import { createSocket, type RemoteInfo } from 'node:dgram';

const TYPE_A = 1;
const TYPE_CNAME = 5;
const TYPE_AAAA = 28;
const CLASS_IN = 1;
const RCODE_NAME_ERROR = 3;

export interface FakeDnsOptions {
  /** UDP port; 0 picks a free one. */
  port: number;
  /** IPv4 answers by host name (lowercase, no trailing dot); '*' answers any other name. */
  answers: Record<string, string[]>;
  /** CNAME answers by host name. */
  cnames?: Record<string, string>;
  /** IPv6 answers by host name (no '*'); other names answer AAAA with no records. */
  answers6?: Record<string, string[]>;
}

export interface FakeDns {
  port: number;
  /** Every name asked, in order (lowercase). */
  readonly queries: string[];
  close(): Promise<void>;
}

/** Reads the question's name and type; null when the packet is not a one-question query. */
function readQuestion(packet: Buffer): { name: string; type: number; end: number } | null {
  if (packet.length < 12 || packet.readUInt16BE(4) < 1) return null;
  const labels: string[] = [];
  let offset = 12;
  while (offset < packet.length) {
    const length = packet[offset]!;
    offset += 1;
    if (length === 0) break;
    if (length > 63 || offset + length > packet.length) return null;
    labels.push(packet.subarray(offset, offset + length).toString('ascii'));
    offset += length;
  }
  if (offset + 4 > packet.length) return null;
  return { name: labels.join('.').toLowerCase(), type: packet.readUInt16BE(offset), end: offset + 4 };
}

function encodeName(name: string): Buffer {
  const parts = name
    .replace(/\.$/, '')
    .split('.')
    .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}

/** The 16 bytes of an IPv6 address written with hex groups and at most one '::' (no embedded IPv4). */
function ipv6Bytes(address: string): Buffer {
  const [head = '', tail] = address.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = [
    ...groups(head),
    ...Array<string>(tail === undefined ? 0 : missing).fill('0'),
    ...groups(tail),
  ];
  const bytes = Buffer.alloc(16);
  all.forEach((group, index) => bytes.writeUInt16BE(parseInt(group, 16), index * 2));
  return bytes;
}

/** One answer record pointing at the question's name (offset 12). */
function record(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0);
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(CLASS_IN, 4);
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
}

function answerFor(query: Buffer, options: FakeDnsOptions, queries: string[]): Buffer | null {
  const question = readQuestion(query);
  if (!question) return null;
  queries.push(question.name);
  const cname = options.cnames?.[question.name];
  const addresses = options.answers[question.name] ?? options.answers['*'];
  const records: Buffer[] = [];
  if (question.type === TYPE_CNAME && cname) records.push(record(TYPE_CNAME, encodeName(cname)));
  if (question.type === TYPE_A && addresses) {
    for (const address of addresses)
      records.push(record(TYPE_A, Buffer.from(address.split('.').map(Number))));
  }
  const addresses6 = options.answers6?.[question.name];
  if (question.type === TYPE_AAAA && addresses6) {
    for (const address of addresses6) records.push(record(TYPE_AAAA, ipv6Bytes(address)));
  }
  const known = Boolean(addresses || cname || addresses6);
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // QR, the query's RD bit, RA; NXDOMAIN for a name it knows nothing of.
  header.writeUInt16BE(0x8080 | (query.readUInt16BE(2) & 0x0100) | (known ? 0 : RCODE_NAME_ERROR), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, query.subarray(12, question.end), ...records]);
}

/**
 * A tiny DNS server over UDP for tests and journeys: answers A queries from `answers` (and CNAME queries
 * from `cnames`, AAAA from `answers6`, other AAAA with no records), anything unknown with NXDOMAIN. Written on the wire format by hand
 * (RFC 1035), enough for node:dns's resolver.
 */
export async function startFakeDns(options: FakeDnsOptions): Promise<FakeDns> {
  const socket = createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', (message: Buffer, remote: RemoteInfo) => {
    const reply = answerFor(message, options, queries);
    if (reply) socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port, '127.0.0.1', () => resolve());
  });
  return {
    port: socket.address().port,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
