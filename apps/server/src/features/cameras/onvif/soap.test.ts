import { describe, expect, it } from 'vitest';
import {
  envelope,
  isNotAuthorized,
  parseCapabilities,
  parseFault,
  parsePresets,
  parseProfiles,
  parsePtzStatus,
  parseSetPreset,
  parseSystemDateAndTime,
  passwordDigest,
  requests,
  securityHeader,
} from './soap.ts';

describe('WS-Security UsernameToken', () => {
  it('digests as the ONVIF Application Programmer’s Guide example', () => {
    const nonce = Buffer.from('LKqI6G/AikKCQrN0zqZFlg==', 'base64');
    expect(passwordDigest(nonce, '2010-09-16T07:50:45Z', 'userpassword')).toBe(
      'tuOSpGlFlIXsozq4HFNeeGeFLEI=',
    );
  });

  it('carries the user (escaped), the digest, the nonce and the time, never the password', () => {
    const nonce = Buffer.from('LKqI6G/AikKCQrN0zqZFlg==', 'base64');
    const h = securityHeader({ username: 'a<b&c', password: 'userpassword' }, nonce, '2010-09-16T07:50:45Z');
    expect(h).toContain('<wsse:Username>a&lt;b&amp;c</wsse:Username>');
    expect(h).toMatch(
      /<wsse:Password Type="[^"]+#PasswordDigest">tuOSpGlFlIXsozq4HFNeeGeFLEI=<\/wsse:Password>/,
    );
    expect(h).toContain('>LKqI6G/AikKCQrN0zqZFlg==</wsse:Nonce>');
    expect(h).toContain('<wsu:Created>2010-09-16T07:50:45Z</wsu:Created>');
    expect(h).not.toContain('userpassword');
  });
});

describe('requests', () => {
  it('builds a SOAP 1.2 envelope with the header before the body', () => {
    const xml = envelope('<trt:GetProfiles/>', '<H/>');
    expect(xml).toMatch(/^<\?xml[^>]+\?><s:Envelope xmlns:s="http:\/\/www.w3.org\/2003\/05\/soap-envelope"/);
    expect(xml).toContain('<s:Header><H/></s:Header><s:Body><trt:GetProfiles/></s:Body></s:Envelope>');
    expect(envelope('<x/>')).not.toContain('Header');
  });

  it('builds PTZ moves in the generic spaces, with a timeout and an escaped profile token', () => {
    expect(requests.continuousMove('p"1', { pan: 0.5, tilt: -0.5, zoom: 0 }, 400)).toBe(
      '<tptz:ContinuousMove><tptz:ProfileToken>p&quot;1</tptz:ProfileToken><tptz:Velocity>' +
        '<tt:PanTilt x="0.5" y="-0.5"/><tt:Zoom x="0"/></tptz:Velocity><tptz:Timeout>PT0.4S</tptz:Timeout>' +
        '</tptz:ContinuousMove>',
    );
    expect(requests.stop('p')).toBe(
      '<tptz:Stop><tptz:ProfileToken>p</tptz:ProfileToken><tptz:PanTilt>true</tptz:PanTilt>' +
        '<tptz:Zoom>true</tptz:Zoom></tptz:Stop>',
    );
    expect(requests.relativeMove('p', { pan: 0.1, tilt: 0, zoom: 0 })).toContain(
      '<tptz:Translation><tt:PanTilt x="0.1" y="0"/><tt:Zoom x="0"/></tptz:Translation>',
    );
    expect(requests.getStatus('p')).toBe(
      '<tptz:GetStatus><tptz:ProfileToken>p</tptz:ProfileToken></tptz:GetStatus>',
    );
  });
});

describe('answers', () => {
  it('reads a SOAP 1.2 fault’s most specific code, and knows the authorisation ones', () => {
    const xml =
      '<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body><env:Fault><env:Code>' +
      '<env:Value>env:Sender</env:Value><env:Subcode><env:Value>ter:NotAuthorized</env:Value></env:Subcode>' +
      '</env:Code><env:Reason><env:Text xml:lang="en">Sender not Authorized</env:Text></env:Reason></env:Fault>' +
      '</env:Body></env:Envelope>';
    const f = parseFault(xml);
    expect(f).toEqual({ code: 'NotAuthorized', reason: 'Sender not Authorized' });
    expect(isNotAuthorized(f!)).toBe(true);
    expect(isNotAuthorized({ code: 'NoProfile', reason: 'no such profile' })).toBe(false);
    expect(parseFault('<s:Envelope><s:Body><x/></s:Body></s:Envelope>')).toBeUndefined();
    // SOAP 1.1, which some cameras answer
    expect(
      parseFault(
        '<SOAP-ENV:Fault><faultcode>SOAP-ENV:Client</faultcode><faultstring>bad</faultstring></SOAP-ENV:Fault>',
      ),
    ).toEqual({ code: 'Client', reason: 'bad' });
  });

  it('reads service addresses from GetCapabilities, whatever the prefixes', () => {
    const xml =
      '<SOAP-ENV:Body><tds:GetCapabilitiesResponse><tds:Capabilities>' +
      '<tt:Device><tt:XAddr>http://10.0.0.5/onvif/device_service</tt:XAddr></tt:Device>' +
      '<tt:Media><tt:XAddr>http://10.0.0.5/onvif/Media</tt:XAddr><tt:StreamingCapabilities/></tt:Media>' +
      '<ns9:PTZ><ns9:XAddr>http://10.0.0.5/onvif/PTZ</ns9:XAddr></ns9:PTZ>' +
      '</tds:Capabilities></tds:GetCapabilitiesResponse></SOAP-ENV:Body>';
    expect(parseCapabilities(xml)).toEqual({
      media: 'http://10.0.0.5/onvif/Media',
      ptz: 'http://10.0.0.5/onvif/PTZ',
    });
    expect(
      parseCapabilities('<tds:Capabilities><tt:Media><tt:XAddr>m</tt:XAddr></tt:Media></tds:Capabilities>'),
    ).toEqual({
      media: 'm',
    });
  });

  it('reads profiles and which of them has a PTZ configuration', () => {
    const xml =
      '<trt:GetProfilesResponse><trt:Profiles fixed="true" token="Profile_1"><tt:Name>main</tt:Name>' +
      '<tt:PTZConfiguration token="PTZ_1"><tt:NodeToken>n</tt:NodeToken></tt:PTZConfiguration></trt:Profiles>' +
      '<trt:Profiles token="Profile_2"><tt:Name>sub</tt:Name></trt:Profiles></trt:GetProfilesResponse>';
    expect(parseProfiles(xml)).toEqual([
      { token: 'Profile_1', ptz: true },
      { token: 'Profile_2', ptz: false },
    ]);
  });

  it('reads the position from GetStatus and the camera clock from GetSystemDateAndTime', () => {
    const status =
      '<tptz:PTZStatus><tt:Position><tt:PanTilt space="x" x="0.25" y="-0.5"/><tt:Zoom x="0.1"/></tt:Position>' +
      '<tt:MoveStatus><tt:PanTilt>IDLE</tt:PanTilt></tt:MoveStatus></tptz:PTZStatus>';
    expect(parsePtzStatus(status)).toEqual({ pan: 0.25, tilt: -0.5, zoom: 0.1 });
    expect(parsePtzStatus('<tptz:PTZStatus/>')).toBeUndefined();
    const time =
      '<tt:UTCDateTime><tt:Time><tt:Hour>7</tt:Hour><tt:Minute>50</tt:Minute><tt:Second>45</tt:Second></tt:Time>' +
      '<tt:Date><tt:Year>2010</tt:Year><tt:Month>9</tt:Month><tt:Day>16</tt:Day></tt:Date></tt:UTCDateTime>';
    expect(parseSystemDateAndTime(time)).toBe(Date.UTC(2010, 8, 16, 7, 50, 45));
  });

  it('asks for presets and reads them: tokens from attributes, names from elements (escaped both ways)', () => {
    expect(requests.setPreset('P1', 'Gate & drive')).toBe(
      '<tptz:SetPreset><tptz:ProfileToken>P1</tptz:ProfileToken><tptz:PresetName>Gate &amp; drive</tptz:PresetName>' +
        '</tptz:SetPreset>',
    );
    expect(requests.gotoPreset('P1', '3')).toBe(
      '<tptz:GotoPreset><tptz:ProfileToken>P1</tptz:ProfileToken><tptz:PresetToken>3</tptz:PresetToken>' +
        '</tptz:GotoPreset>',
    );
    const xml =
      '<tptz:GetPresetsResponse><tptz:Preset token="1"><tt:Name>Gate &amp; drive</tt:Name><tt:PTZPosition>' +
      '<tt:PanTilt x="0.2" y="0"/></tt:PTZPosition></tptz:Preset><tptz:Preset token="2"/>' +
      '<tptz:Preset><tt:Name>no token</tt:Name></tptz:Preset></tptz:GetPresetsResponse>';
    expect(parsePresets(xml)).toEqual([
      { token: '1', name: 'Gate & drive' },
      { token: '2', name: '' },
    ]);
    expect(
      parseSetPreset(
        '<tptz:SetPresetResponse><tptz:PresetToken>7</tptz:PresetToken></tptz:SetPresetResponse>',
      ),
    ).toBe('7');
  });
});
