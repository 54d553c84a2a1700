import { TIME_ZONE_MESSAGE, UNSAFE_TEXT_MESSAGE } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api-client';
import { refusalMessages } from './reservations-api';

describe('refusalMessages', () => {
  it("names a refused field by the booking form's label, never by the request's path", () => {
    const error = new ApiError(400, UNSAFE_TEXT_MESSAGE, {
      'nodesBookingForm.reservationDescription': [UNSAFE_TEXT_MESSAGE],
      'nodesBookingForm.selectedDevices.0.macAddress': ['Invalid MAC address'],
      'nodesBookingForm.timeZone': [TIME_ZONE_MESSAGE],
      'nodesBookingForm.reservationType': ['Reservation type is required'],
    });
    expect(refusalMessages(error)).toEqual([
      `Description: ${UNSAFE_TEXT_MESSAGE}`,
      'Invalid MAC address',
      TIME_ZONE_MESSAGE,
      'Reservation type is required',
    ]);
  });
});
