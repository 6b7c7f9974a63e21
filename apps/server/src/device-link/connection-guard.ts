import type { Socket } from 'node:net';

/**
 * Two guards the embedded broker puts in front of aedes, which has neither: a bound on the
 * connections one address holds, and a bound on the size of an MQTT packet. aedes (through
 * mqtt-packet) buffers a packet until its whole body has arrived, whatever length its header
 * announces, so without the size guard a peer that has not even signed in could make the portal
 * hold tens of megabytes per connection.
 */

/** MQTT control packet types by the high nibble of the first byte (MQTT 3.1.1, 2.2.1). */
const packetTypes = [
  'reserved',
  'connect',
  'connack',
  'publish',
  'puback',
  'pubrec',
  'pubrel',
  'pubcomp',
  'subscribe',
  'suback',
  'unsubscribe',
  'unsuback',
  'pingreq',
  'pingresp',
  'disconnect',
  'reserved',
] as const;

export interface OversizePacket {
  /** The packet type its first byte names. */
  packet: (typeof packetTypes)[number];
  /** The whole packet size its fixed header announces; undefined for a malformed length. */
  announcedBytes: number | undefined;
}

/**
 * Reads the fixed header of every packet on `socket` and destroys the socket, before its body is
 * read, when a packet announces more than `maxPacketBytes()` in all (fixed header included, as
 * Mosquitto's `max_packet_size` counts). Bodies are skipped by their length, so the cost is a few
 * operations per chunk.
 *
 * It listens to 'data', which aedes does not: a stream read through 'readable', as aedes reads its
 * connections, still emits 'data' with each chunk inside `read()`, before aedes parses it. So the
 * guard sees every byte first and aedes keeps reading the socket itself (no copy, no extra stream).
 * Attach it after aedes has attached its own listeners, so the socket stays out of flowing mode.
 */
export function guardPacketSize(
  socket: Socket,
  /** The limit for the packet whose header is being read: it may tighten or loosen with sign-in. */
  maxPacketBytes: () => number,
  onOversize: (details: OversizePacket) => void,
): void {
  // body bytes of the current packet still to come: skipped without looking
  let bodyBytesLeft = 0;
  // the first byte of a packet whose remaining length is still being read, else undefined
  let firstByte: number | undefined;
  // the remaining length read so far: a variable-length integer of 1 to 4 bytes, 7 bits each,
  // least significant first; the high bit of a byte says another follows (MQTT 3.1.1, 2.2.3)
  let remainingLength = 0;
  let lengthBytes = 0;

  const refuse = (announcedBytes: number | undefined) => {
    socket.off('data', inspect);
    onOversize({ packet: packetTypes[(firstByte ?? 0) >> 4]!, announcedBytes });
    socket.destroy();
  };

  function inspect(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (bodyBytesLeft > 0) {
        const skipped = Math.min(bodyBytesLeft, chunk.length - offset);
        bodyBytesLeft -= skipped;
        offset += skipped;
        continue;
      }
      const byte = chunk[offset++]!;
      if (firstByte === undefined) {
        firstByte = byte;
        remainingLength = 0;
        lengthBytes = 0;
        continue;
      }
      remainingLength += (byte & 0x7f) * 128 ** lengthBytes;
      lengthBytes += 1;
      if (byte & 0x80) {
        // a fifth length byte is malformed (mqtt-packet would refuse it too); stop here
        if (lengthBytes === 4) {
          refuse(undefined);
          return;
        }
        continue;
      }
      const packetBytes = 1 + lengthBytes + remainingLength;
      if (packetBytes > maxPacketBytes()) {
        refuse(packetBytes);
        return;
      }
      bodyBytesLeft = remainingLength;
      firstByte = undefined;
    }
  }

  socket.on('data', inspect);
  socket.once('close', () => socket.off('data', inspect));
}

/** The address as both listeners see it: an IPv4 peer of an IPv6 socket is the IPv4 address. */
export function peerAddress(socket: Socket): string {
  const address = socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/**
 * Counts the open connections of each peer address across the broker's listeners and refuses
 * (destroys at once, before reading anything) one more than `maxPerAddress`; 0 means no limit.
 * Answers whether the socket was admitted.
 */
export function connectionCounter(
  maxPerAddress: number,
  onRefused: (address: string, open: number) => void,
): (socket: Socket) => boolean {
  const openByAddress = new Map<string, number>();
  return (socket) => {
    const address = peerAddress(socket);
    const open = openByAddress.get(address) ?? 0;
    if (maxPerAddress > 0 && open >= maxPerAddress) {
      onRefused(address, open);
      socket.destroy();
      return false;
    }
    openByAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left > 0) openByAddress.set(address, left);
      else openByAddress.delete(address);
    });
    return true;
  };
}
